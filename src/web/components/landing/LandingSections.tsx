import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { AUTO_ENROLMENT_EXTRA_TL } from '../../../domain/constants.ts'
import { formatMoney } from '../../../domain/money.ts'
import { mainSiteUrl } from '../../config.ts'
import { PensionFacts } from '../PensionFacts.tsx'
import { ONLINE_BRANCHES, PHONE } from '../site-links.ts'
import { Calculator } from './Calculator.tsx'
import { FaqSection } from './FaqSection.tsx'
import { FormsSection } from './FormsSection.tsx'
import { PlansSection } from './PlansSection.tsx'

const phone = PHONE.display
import { Tabs } from './Tabs.tsx'
import styles from './Landing.module.css'

function AboutSection() {
  return (
    <>
      <h2><Trans>Bireysel Emeklilik Sistemi nedir?</Trans></h2>
      <p><Trans>Bireysel Emeklilik Sistemi (BES), çalışma hayatınız boyunca düzenli katkılarla birikim yapmanızı ve emekliliğinizde ek bir gelir elde etmenizi sağlayan, devlet destekli, gönüllü ve uzun vadeli bir tasarruf sistemidir.</Trans></p>
      <p><Trans>Katkı paylarınız, seçtiğiniz emeklilik yatırım fonlarında profesyonel portföy yöneticilerince değerlendirilir. Katılım esaslı planlarımızda fonlar yalnızca faiz içermeyen araçlara yatırım yapar. Fon varlıkları şirket varlıklarından ayrı saklanır; tüm sözleşmelerin kayıtları Emeklilik Gözetim Merkezi tarafından tutulur.</Trans></p>
      <h3><Trans>Nasıl işler?</Trans></h3>
      <ol className={styles.steps}>
        <li><Trans>Size uygun planı seçin ve sözleşmenizi online ya da acentemizde imzalayın.</Trans></li>
        <li><Trans>Aylık katkı payınızı ve birikiminizin fonlar arasındaki dağılımını belirleyin.</Trans></li>
        <li><Trans>Devlet katkısı hesabınıza eklenir, birikiminiz katılım fonlarında değerlenir.</Trans></li>
        <li><Trans>Sistemde en az 10 yıl kalıp 56 yaşını doldurduğunuzda emekli olun.</Trans></li>
      </ol>
    </>
  )
}

function AdvantagesSection() {
  const { i18n } = useLingui()
  const extra = formatMoney(AUTO_ENROLMENT_EXTRA_TL, 'TRY', i18n.locale, { fractionDigits: 0 })
  return (
    <>
      <h2><Trans>Katılım esaslı BES'in avantajları</Trans></h2>
      <PensionFacts />
      <ul className={styles.benefits}>
        <li><strong><Trans>Faizsiz birikim:</Trans></strong> <Trans>Katkılarınız, uygunluğu danışma kurulunca onaylanan faizsiz katılım fonlarında değerlendirilir.</Trans></li>
        <li><strong><Trans>Otomatik katılım:</Trans></strong> <Trans>İşvereniniz aracılığıyla sisteme dahil olursunuz; 2 ay içinde cayabilir, kalırsanız ek {extra} devlet katkısı alırsınız.</Trans></li>
        <li><strong><Trans>Esneklik:</Trans></strong> <Trans>Katkı tutarınızı değiştirebilir, ödemeye ara verebilir, fon dağılımınızı güncelleyebilir ve birikiminizi başka şirkete aktarabilirsiniz.</Trans></li>
        <li><strong><Trans>Profesyonel yönetim:</Trans></strong> <Trans>Birikiminiz uzman portföy yöneticileri tarafından, mevzuatın ve katılım finans ilkelerinin sınırları içinde yönetilir.</Trans></li>
        <li><strong><Trans>İşverenler için:</Trans></strong> <Trans>İşveren katkıları, mevzuattaki sınırlar içinde vergi avantajı sağlar ve çalışan bağlılığını artırır.</Trans></li>
      </ul>
    </>
  )
}

const HELP_LINKS = [
  { label: msg`Birikim hesaplama aracı`, path: '/yardimci-olalim/hesaplama-araclari/birikim-hesaplama' },
  { label: msg`Acentelerimiz`, path: '/iletisim/acenteler' },
  { label: msg`Anlaşmalı banka şubeleri`, path: '/iletisim/banka-subeleri' },
]

const FUND_LINKS = [
  { label: msg`Emeklilik yatırım fonlarımız`, path: '/emeklilik-yatirim-fonlari/bes' },
  { label: msg`Fon performans araçları`, path: '/fon-performans-araclari' },
  { label: msg`Fon bültenleri 2021`, path: '/fon-bultenleri/2021' },
]

function LinkList({ links }: { links: { label: MessageDescriptor; path: string }[] }) {
  const { i18n } = useLingui()
  return (
    <ul className={styles.linkList}>
      {links.map((l) => <li key={l.path}><a href={mainSiteUrl(l.path)}>{i18n._(l.label)}</a></li>)}
    </ul>
  )
}

function HelpSection() {
  return (
    <>
      <h2><Trans>Yardımcı olalım</Trans></h2>
      <p><Trans>Ne kadar birikim yapabileceğinizi hesaplayın, size en yakın acentemizi veya anlaşmalı banka şubesini bulun.</Trans></p>
      <LinkList links={HELP_LINKS} />
      <Calculator />
    </>
  )
}

function TransactionsSection() {
  const { i18n } = useLingui()
  return (
    <>
      <h2><Trans>İşlemlerinizi tamamlayalım</Trans></h2>
      <div className={styles.grid}>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}><Trans>Online satın alın</Trans></h3>
          <p><Trans>Erken BES, Pratik BES, tamamlayıcı sağlık ve seyahat sağlık sigortanızı birkaç adımda online satın alın.</Trans></p>
          <ul className={styles.linkList}>
            <li><a href="/urunler/market/erkenbes"><Trans>Erken BES</Trans></a></li>
            <li><a href="/urunler/market/pratikbes"><Trans>Pratik BES</Trans></a></li>
            <li><a href="/urunler/market/tss"><Trans>Tamamlayıcı Sağlık Sigortası</Trans></a></li>
            <li><a href="/urunler/market/seyahatsaglik"><Trans>Seyahat Sağlık Sigortası</Trans></a></li>
          </ul>
        </div>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}><Trans>Online şubeden yönetin</Trans></h3>
          <p><Trans>Katkı payınızı, fon dağılımınızı ve iletişim bilgilerinizi online şubemizden güncelleyin.</Trans></p>
          <ul className={styles.linkList}>
            {ONLINE_BRANCHES.map((b) => <li key={b.path}><a href={mainSiteUrl(b.path)}>{i18n._(b.label)}</a></li>)}
          </ul>
        </div>
        <div className={styles.card}>
          <h3 className={styles.cardTitle}><Trans>Size ulaşalım</Trans></h3>
          <p><Trans>Bilgilerinizi bırakın, emeklilik danışmanımız sizi arasın ya da müşteri hizmetlerimize ulaşın.</Trans></p>
          <ul className={styles.linkList}>
            <li><a href={mainSiteUrl('/basvurunuzu-alalim')}><Trans>Başvurunuzu alalım</Trans></a></li>
            <li><a href={PHONE.href}><Trans>Müşteri hizmetleri: {phone}</Trans></a></li>
          </ul>
        </div>
      </div>
    </>
  )
}

function FundsSection() {
  return (
    <>
      <h2><Trans>Katılım emeklilik yatırım fonları</Trans></h2>
      <p><Trans>Birikiminizi risk tercihinize göre fonlar arasında dağıtabilirsiniz. Fonlarımız faiz içermeyen araçlara yatırım yapar; devlet katkıları ise ayrı bir devlet katkısı fonunda değerlendirilir.</Trans></p>
      <ul className={styles.benefits}>
        <li><strong><Trans>Kira sertifikası (sukuk) fonları:</Trans></strong> <Trans>Kamu ve özel sektör kira sertifikalarına yatırım yapan, görece düşük riskli fonlar.</Trans></li>
        <li><strong><Trans>Katılım hisse senedi fonları:</Trans></strong> <Trans>Katılım endeksindeki şirketlerin hisselerine yatırım yapan, uzun vadede büyüme hedefleyen fonlar.</Trans></li>
        <li><strong><Trans>Altın katılım fonları:</Trans></strong> <Trans>Birikimini altına endekslemek isteyenler için.</Trans></li>
        <li><strong><Trans>Dengeli ve değişken katılım fonları:</Trans></strong> <Trans>Farklı faizsiz araçları bir arada tutarak riski dağıtan fonlar.</Trans></li>
      </ul>
      <p><Trans>Fonların geçmiş getirileri gelecekteki performansın göstergesi değildir. Fon performansınızı aşağıdaki araçlarla takip edebilirsiniz.</Trans></p>
      <LinkList links={FUND_LINKS} />
    </>
  )
}

const POSTS = [
  { slug: 'devlet-katkisi-nasil-isler', title: msg`Devlet katkısı nasıl işler?`, summary: msg`Ödediğiniz her katkıya eklenen %25 devlet katkısını ve hak ediş koşullarını adım adım anlattık.` },
  { slug: 'katilim-fonlari-nedir', title: msg`Katılım fonları nedir?`, summary: msg`Faizsiz fonların hangi araçlara yatırım yaptığını ve risk tercihinize göre nasıl seçeceğinizi öğrenin.` },
  { slug: 'otomatik-katilim-rehberi', title: msg`Otomatik katılım rehberi`, summary: msg`İşyerinizde sisteme dahil edildiğinizde bilmeniz gerekenler: cayma süresi, ek devlet katkısı ve daha fazlası.` },
]

function BlogSection() {
  const { i18n } = useLingui()
  return (
    <>
      <h2><Trans>Blog</Trans></h2>
      <div className={styles.grid}>
        {POSTS.map((p) => (
          <article key={p.slug} className={styles.card}>
            <h3 className={styles.cardTitle}><a href={mainSiteUrl(`/blog/${p.slug}`)}>{i18n._(p.title)}</a></h3>
            <p>{i18n._(p.summary)}</p>
          </article>
        ))}
      </div>
    </>
  )
}

/** Spec 2.3 landing page tabs, below the card payment test form. */
export function LandingSections() {
  const { t } = useLingui()
  return (
    <section className={`container ${styles.landing}`} aria-label={t`Bireysel emeklilik hakkında`}>
      <Tabs
        label={t`Bölümler`}
        idPrefix="landing"
        items={[
          { id: 'nedir', label: <Trans>Nedir?</Trans>, panel: <AboutSection /> },
          { id: 'avantajlar', label: <Trans>Avantajlar</Trans>, panel: <AdvantagesSection /> },
          { id: 'planlar', label: <Trans>Planlar</Trans>, panel: <PlansSection /> },
          { id: 'yardimci-olalim', label: <Trans>Yardımcı Olalım</Trans>, panel: <HelpSection /> },
          { id: 'islemler', label: <Trans>İşlemlerinizi Tamamlayalım</Trans>, panel: <TransactionsSection /> },
          { id: 'fonlar', label: <Trans>Fonlar</Trans>, panel: <FundsSection /> },
          { id: 'sss', label: <Trans>Sıkça Sorulan Sorular</Trans>, panel: <FaqSection /> },
          { id: 'formlar', label: <Trans>Formlar</Trans>, panel: <FormsSection /> },
          { id: 'blog', label: <Trans>Blog</Trans>, panel: <BlogSection /> },
        ]}
      />
    </section>
  )
}
