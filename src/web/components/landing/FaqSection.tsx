import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AUTO_ENROLMENT_EXTRA_TL } from '../../../domain/constants.ts'
import { formatMoney } from '../../../domain/money.ts'
import styles from './Landing.module.css'

const FAQ = [
  {
    q: msg`Bireysel emeklilik sistemine kimler katılabilir?`,
    a: msg`Medeni hakları kullanma ehliyetine sahip herkes katılabilir; çalışıyor olma şartı yoktur. Birden fazla emeklilik sözleşmeniz olabilir.`,
  },
  {
    q: msg`Devlet katkısı nasıl işler?`,
    a: msg`Ödediğiniz katkı payının %25'i kadar devlet katkısı, yasal yıllık üst sınır dahilinde hesabınıza yatırılır ve ayrı bir devlet katkısı fonunda değerlendirilir. Hak ettiğiniz oran sistemde kaldığınız süreyle artar; en az 10 yıl kalıp 56 yaşını doldurduğunuzda tamamını alırsınız.`,
  },
  {
    q: msg`Ne zaman emekli olabilirim?`,
    a: msg`Sistemde en az 10 yıl kalıp 56 yaşını doldurduğunuzda emeklilik hakkı kazanırsınız. Birikiminizi toplu alabilir ya da programlı geri ödemeyle maaş gibi alabilirsiniz.`,
  },
  {
    q: msg`Katkı payımı değiştirebilir veya ödemeye ara verebilir miyim?`,
    a: msg`Evet. Katkı payı tutarını ve ödeme sıklığını online şubeden değiştirebilir, ödemelerinize ara verebilirsiniz. Ara verdiğiniz dönemde birikiminiz fonlarda değerlenmeye devam eder.`,
  },
  {
    q: msg`Otomatik katılım sisteminden cayabilir miyim?`,
    // {extra}: the state's extra contribution, written in the language (formatMoney)
    a: msg({ message: 'Evet. İşvereniniz aracılığıyla sisteme dahil edildiğinizde 2 ay içinde cayma hakkınızı kullanabilirsiniz; bu durumda ödediğiniz katkılar size iade edilir. Sistemde kalırsanız ek {extra} devlet katkısından yararlanırsınız.' }),
  },
  {
    q: msg`Katılım esaslı emeklilik planı ne demektir?`,
    a: msg`Katkılarınızın faiz içermeyen araçlarda (kira sertifikaları, katılım hesapları, katılım endeksindeki hisse senetleri, altın gibi) değerlendirildiği plandır. Fonların bu ilkelere uygunluğu bir danışma kurulu tarafından onaylanır.`,
  },
  {
    q: msg`Birikimimi başka bir emeklilik şirketine aktarabilir miyim?`,
    a: msg`Evet. Mevzuattaki koşullar çerçevesinde birikiminizi ve sistemde geçirdiğiniz süreyi kaybetmeden başka bir şirkete aktarabilir ya da başka şirketteki birikiminizi bize aktarabilirsiniz.`,
  },
  {
    q: msg`Emeklilik hakkı kazanmadan ayrılırsam ne olur?`,
    a: msg`Birikiminizi istediğiniz zaman alabilirsiniz. Bu durumda getiriniz üzerinden vergi kesintisi yapılır ve devlet katkısının yalnızca hak ettiğiniz kısmı ödenir.`,
  },
]

/** Spec 2.3 "Sıkça Sorulan Sorular": a native <details> accordion. */
export function FaqSection() {
  const { i18n } = useLingui()
  const extra = formatMoney(AUTO_ENROLMENT_EXTRA_TL, 'TRY', i18n.locale, { fractionDigits: 0 })
  return (
    <>
      <h2><Trans>Sıkça Sorulan Sorular</Trans></h2>
      <div className={styles.faq}>
        {FAQ.map((item) => (
          <details key={item.q.id} className={styles.faqItem}>
            <summary>{i18n._(item.q)}</summary>
            <p>{i18n._({ ...item.a, values: { extra } })}</p>
          </details>
        ))}
      </div>
    </>
  )
}
