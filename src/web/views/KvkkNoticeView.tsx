import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useEffect } from 'react'
import { COMPANY } from '../../domain/constants.ts'
import { hasNoticeCatalog, loadNoticeCatalog, NOTICE_TITLE } from '../i18n/notice.ts'
import styles from './KvkkNotice.module.css'

/**
 * Loads the notice's catalog into the active language's messages when they lack it (after a language
 * switch; the route's loader loaded it for the first render); true once they hold it.
 */
function useNoticeCatalog(): boolean {
  const { i18n } = useLingui()
  const ready = hasNoticeCatalog(i18n)
  useEffect(() => {
    if (!ready) void loadNoticeCatalog(i18n)
  }, [i18n, i18n.locale, ready])
  return ready
}

/**
 * `/kvkk-aydinlatma-metni`: the privacy notice (aydınlatma metni) of Law No. 6698 on the
 * Protection of Personal Data (KVKK) art. 10, for what this site processes. The footer links here.
 */
export function KvkkNoticeView() {
  const { i18n } = useLingui()
  const { tradeName, address, mersisNo, kep, privacyEmail } = COMPANY
  const ready = useNoticeCatalog()
  // the notice's own catalog is loading: hold the screen, so that the footer does not jump down when it arrives (CLS)
  if (!ready) return <article className={`container ${styles.notice}`} aria-busy="true" style={{ minHeight: '100vh' }} />
  return (
    <article className={`container ${styles.notice}`} aria-labelledby="kvkk-title">
      <h1 id="kvkk-title">
        {i18n._(NOTICE_TITLE)}
      </h1>
      <p>
        <Trans>Bu metin, 6698 sayılı Kişisel Verilerin Korunması Kanunu'nun (KVKK) 10. maddesi uyarınca, bu internet sitesini kullanan ziyaretçilerimizin ve müşterilerimizin kişisel verilerinin nasıl işlendiğini açıklar.</Trans>
      </p>

      <h2><Trans>1. Veri sorumlusu</Trans></h2>
      <p>
        <Trans>Veri sorumlusu {tradeName}'dir (MERSİS no {mersisNo}). Adres: {address}. KEP adresi: {kep}.</Trans>
      </p>

      <h2><Trans>2. İşlenen kişisel veriler</Trans></h2>
      <ul>
        <li><Trans>Kimlik ve iletişim bilgileri: adınız, soyadınız, T.C. kimlik numaranız, telefon numaranız, e-posta ve adresiniz (başvuru ve talep formlarında verdiğiniz kadarıyla).</Trans></li>
        <li><Trans>Müşteri işlem bilgileri: başvurularınız, katkı payı ve ödeme kayıtlarınız. Kart numaranızın yalnızca ilk 6 ve son 4 hanesi saklanır; kart güvenlik kodu hiçbir zaman saklanmaz.</Trans></li>
        <li><Trans>İşlem güvenliği bilgileri: IP adresiniz, tarayıcınızın saat dilimi, oturum ve işlem kayıtları ile tarayıcıda oluşan hata kayıtları (kart numarasına benzeyen rakam dizileri silinerek).</Trans></li>
      </ul>

      <h2><Trans>3. İşleme amaçları</Trans></h2>
      <ul>
        <li><Trans>Bireysel emeklilik ve sigorta sözleşmelerinin kurulması ve ifası, katkı payı ve prim ödemelerinin alınması.</Trans></li>
        <li><Trans>Talep, başvuru ve şikâyetlerinizin yanıtlanması.</Trans></li>
        <li><Trans>4632 sayılı Bireysel Emeklilik Tasarruf ve Yatırım Sistemi Kanunu, 5684 sayılı Sigortacılık Kanunu ve 5549 sayılı Kanun başta olmak üzere mevzuattan doğan yükümlülüklerin yerine getirilmesi.</Trans></li>
        <li><Trans>Bilgi güvenliğinin sağlanması, kötüye kullanımın ve dolandırıcılığın önlenmesi, sitedeki hataların giderilmesi.</Trans></li>
      </ul>

      <h2><Trans>4. Hukuki sebepler</Trans></h2>
      <p>
        <Trans>Kişisel verileriniz KVKK'nın 5. maddesinin 2. fıkrasındaki şu sebeplere dayanarak işlenir: kanunlarda açıkça öngörülmesi (a), bir sözleşmenin kurulması veya ifasıyla doğrudan ilgili olması (c), veri sorumlusunun hukuki yükümlülüğünü yerine getirebilmesi (ç) ve temel hak ve özgürlüklerinize zarar vermemek kaydıyla meşru menfaatimiz (f). Bu sitede açık rızanıza dayanan bir işleme yapılmaz.</Trans>
      </p>

      <h2><Trans>5. Toplama yöntemi ve aktarım</Trans></h2>
      <p>
        <Trans>Verileriniz bu sitedeki formlar ve işlemler aracılığıyla elektronik ortamda, kısmen otomatik yollarla toplanır. Yalnızca yukarıdaki amaçlarla ve gerektiği ölçüde; kanunen yetkili kamu kurum ve kuruluşlarına (Sigortacılık ve Özel Emeklilik Düzenleme ve Denetleme Kurumu, Emeklilik Gözetim Merkezi, Mali Suçları Araştırma Kurulu), ödemenin gerçekleşmesi için bankalara ve hizmet aldığımız tedarikçilere aktarılır. Yurt dışına aktarım yapılmaz.</Trans>
      </p>

      <h2><Trans>6. KVKK'nın 11. maddesi kapsamındaki haklarınız</Trans></h2>
      <p><Trans>Veri sorumlusuna başvurarak:</Trans></p>
      <ul>
        <li><Trans>kişisel verilerinizin işlenip işlenmediğini öğrenme,</Trans></li>
        <li><Trans>işlenmişse buna ilişkin bilgi talep etme,</Trans></li>
        <li><Trans>işlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,</Trans></li>
        <li><Trans>yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,</Trans></li>
        <li><Trans>eksik veya yanlış işlenmişse düzeltilmesini isteme,</Trans></li>
        <li><Trans>KVKK'nın 7. maddesindeki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,</Trans></li>
        <li><Trans>düzeltme, silme ve yok etme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,</Trans></li>
        <li><Trans>işlenen verilerin münhasıran otomatik sistemler vasıtasıyla analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına itiraz etme,</Trans></li>
        <li><Trans>kanuna aykırı işlenmesi sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme</Trans></li>
      </ul>
      <p><Trans>haklarına sahipsiniz.</Trans></p>

      <h2><Trans>7. Başvuru</Trans></h2>
      <p>
        <Trans>Başvurunuzu, Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ'e uygun olarak, yazılı olarak {address} adresine, KEP adresimize ({kep}) veya sistemimizde kayıtlı e-posta adresinizden {privacyEmail} adresine iletebilirsiniz. Başvurunuz en geç 30 gün içinde ücretsiz olarak sonuçlandırılır.</Trans>
      </p>

      <h2 id="cerezler"><Trans>8. Çerezler ve yerel depolama</Trans></h2>
      <p>
        <Trans>Bu site yalnızca çalışması için zorunlu olan depolamayı kullanır: dil tercihiniz, saat diliminiz, IP adresiniz, çerez bildirimini kapattığınız bilgisi ve personel girişinde oturum çerezi. Analiz, reklam veya takip amaçlı çerez kullanılmaz; bu nedenle onayınız istenmez.</Trans>
      </p>
    </article>
  )
}
