/**
 * The consent texts of the online sales flows (spec 3.2 consent lists and read flags, 7.3
 * legal permissions; docs/decisions/consents.md). Legal texts are versioned data, not Lingui
 * messages: the exact words a customer saw must be provable later, so every version of every text
 * is kept here in tr, en and ru, identified by its documentId, and the server records the SHA-256
 * of the text it holds for that documentId and language. A changed text is a new version with a new
 * documentId; old versions stay so that old records can still be checked.
 *
 * - The KVKK information notice (aydınlatma metni) is shown and marked read, never "consented".
 * - Each explicit consent (açık rıza) is asked separately, unticked by default, and can be withdrawn.
 * - Consent to commercial electronic messages is given per channel (SMS, e-mail, call).
 */
import { consentRulesFor, CONSENT_RULES, type ConsentLocale, type ConsentRule, type SalesProduct } from './consent-rules.ts'

export * from './consent-rules.ts'

/** A document version with its texts, in every language. */
export type ConsentDocument = ConsentRule & {
  title: Record<ConsentLocale, string>
  text: Record<ConsentLocale, string>
}

/** The texts of each document version, by documentId. */
const CONSENT_TEXTS: Record<string, Pick<ConsentDocument, 'title' | 'text'>> = {
  'KVKK-AYDINLATMA-v1': {
    title: {
      tr: 'Kişisel Verilerin Korunması Hakkında Aydınlatma Metni',
      en: 'Information Notice on the Protection of Personal Data',
      ru: 'Уведомление о защите персональных данных',
    },
    text: {
      tr: 'Katılım Emeklilik ve Hayat A.Ş. veri sorumlusu olarak kimlik, iletişim, finansal ve (sağlık ürünlerinde) sağlık verilerinizi 6698 sayılı Kanun uyarınca; sözleşmenin kurulması ve ifası, hukuki yükümlülüklerimizin yerine getirilmesi ve meşru menfaatlerimiz hukuki sebeplerine dayanarak, bu başvuru ve sözleşme süresince işler; kanunen yetkili kurumlar, Emeklilik Gözetim Merkezi, Sigorta Bilgi ve Gözetim Merkezi ve hizmet aldığımız tedarikçilerle paylaşabiliriz. Kanunun 11. maddesindeki haklarınızı (bilgi talep etme, düzeltme, silme, itiraz) kvkk@katilimemeklilik.com.tr adresine başvurarak kullanabilirsiniz.',
      en: 'Katılım Emeklilik ve Hayat A.Ş., as data controller, processes your identity, contact, financial and (for health products) health data under Law No. 6698, on the legal grounds of forming and performing the contract, meeting our legal obligations and our legitimate interests, for the duration of this application and contract; we may share them with authorised public bodies, the Pension Monitoring Centre, the Insurance Information and Monitoring Centre and our service providers. You can use your rights under Article 11 of the Law (to ask, correct, erase, object) by writing to kvkk@katilimemeklilik.com.tr.',
      ru: 'Katılım Emeklilik ve Hayat A.Ş. как оператор данных обрабатывает ваши идентификационные, контактные, финансовые и (для медицинских продуктов) медицинские данные в соответствии с Законом № 6698 на основании заключения и исполнения договора, исполнения наших правовых обязанностей и наших законных интересов в течение срока этой заявки и договора; мы можем передавать их уполномоченным государственным органам, Центру мониторинга пенсий, Центру информации и мониторинга страхования и нашим поставщикам услуг. Вы можете воспользоваться правами по статье 11 Закона (запросить, исправить, удалить, возразить), написав на kvkk@katilimemeklilik.com.tr.',
    },
  },
  'KVKK-ACIKRIZA-v1': {
    title: { tr: 'Açık Rıza Beyanı', en: 'Explicit Consent', ru: 'Явное согласие' },
    text: {
      tr: 'Sağlık verilerim dahil özel nitelikli kişisel verilerimin, teklif ve poliçe işlemleri ile tazminat değerlendirmesi amacıyla işlenmesine ve bu amaçla yurt dışındaki reasürans şirketlerine aktarılmasına açık rıza veriyorum. Bu rızayı dilediğim zaman geri alabileceğimi biliyorum.',
      en: 'I give my explicit consent to the processing of my special categories of personal data, including health data, for quotes, policy transactions and claims assessment, and to their transfer for that purpose to reinsurance companies abroad. I know I can withdraw this consent at any time.',
      ru: 'Я даю явное согласие на обработку моих персональных данных особой категории, включая данные о здоровье, для расчёта предложений, операций по полису и оценки страховых случаев, а также на их передачу с этой целью перестраховочным компаниям за рубежом. Я знаю, что могу отозвать это согласие в любое время.',
    },
  },
  'TICARI-ILETI-v1': {
    title: { tr: 'Ticari Elektronik İleti İzni', en: 'Consent to Commercial Electronic Messages', ru: 'Согласие на коммерческие электронные сообщения' },
    text: {
      tr: 'Ürün, kampanya ve fon bilgilendirmeleri için seçtiğim kanallardan (SMS, e-posta, telefon araması) tarafıma ticari elektronik ileti gönderilmesine izin veriyorum. İznim İleti Yönetim Sistemi\'ne (İYS) kaydedilir; dilediğim zaman ücretsiz olarak geri alabilirim.',
      en: 'I allow commercial electronic messages about products, campaigns and funds to be sent to me through the channels I choose (SMS, e-mail, phone call). My permission is registered with the Message Management System (İYS); I can withdraw it free of charge at any time.',
      ru: 'Я разрешаю направлять мне коммерческие электронные сообщения о продуктах, акциях и фондах по выбранным мной каналам (SMS, электронная почта, телефонный звонок). Моё разрешение регистрируется в Системе управления сообщениями (İYS); я могу бесплатно отозвать его в любое время.',
    },
  },
  'ON-BILGILENDIRME-v1': {
    title: { tr: 'Ön Bilgilendirme Formu', en: 'Pre-contract Information Form', ru: 'Форма предварительной информации' },
    text: {
      tr: 'Sözleşmeden önce ürünün teminatlarını, kesintileri, fonları, cayma hakkımı ve şikâyet yollarını anlatan ön bilgilendirme formunu okudum, bir örneğini e-posta ile aldım.',
      en: 'Before the contract I have read the pre-contract information form describing the product\'s cover, charges, funds, my right of withdrawal and the ways to complain, and I have received a copy by e-mail.',
      ru: 'До заключения договора я прочитал(а) форму предварительной информации о покрытии продукта, удержаниях, фондах, моём праве на отказ и порядке подачи жалоб и получил(а) её копию по электронной почте.',
    },
  },
  'SOZLESME-ONAY-v1': {
    title: { tr: 'Sözleşme Onayı', en: 'Contract Approval', ru: 'Подтверждение договора' },
    text: {
      tr: 'Özetini gördüğüm sözleşmeyi/poliçeyi, verdiğim bilgilerin doğru olduğunu beyan ederek onaylıyor; ilk ödemenin kartımdan tahsil edilmesini kabul ediyorum.',
      en: 'I approve the contract/policy whose summary I have seen, declaring that the information I gave is true, and I accept that the first payment is charged to my card.',
      ru: 'Я подтверждаю договор/полис, краткое содержание которого я видел(а), заявляя, что предоставленные мной сведения верны, и соглашаюсь на списание первого платежа с моей карты.',
    },
  },
  'CALISMAMA-BEYANI-v1': {
    title: { tr: 'Çalışmama Beyanı', en: 'Declaration of Not Working', ru: 'Заявление об отсутствии работы' },
    text: {
      tr: 'Şu anda bir işverene bağlı olarak çalışmadığımı ve otomatik katılım kapsamında olmadığımı beyan ederim.',
      en: 'I declare that I do not currently work for an employer and am not within automatic enrolment.',
      ru: 'Заявляю, что в настоящее время я не работаю по найму и не подпадаю под автоматическое участие.',
    },
  },
  'LEHTAR-VASIYET-v1': {
    title: { tr: 'Lehtar Bilgilendirmesi', en: 'Beneficiary Information', ru: 'Информация о выгодоприобретателе' },
    text: {
      tr: 'Vefatım hâlinde birikimimin, ayrıca lehtar belirlemediğim sürece yasal mirasçılarıma ödeneceğini okudum ve anladım.',
      en: 'I have read and understood that on my death my savings are paid to my legal heirs unless I name a beneficiary separately.',
      ru: 'Я прочитал(а) и понял(а), что в случае моей смерти мои накопления выплачиваются законным наследникам, если я отдельно не назначу выгодоприобретателя.',
    },
  },
}

/** Every document version with its texts (left out of a bundle that asks only the rules). */
export const CONSENT_DOCUMENTS: readonly ConsentDocument[] = /* @__PURE__ */ CONSENT_RULES.map((rule) => ({ ...rule, ...CONSENT_TEXTS[rule.documentId]! }))

export function consentDocument(documentId: string): ConsentDocument | undefined {
  return CONSENT_DOCUMENTS.find((d) => d.documentId === documentId)
}

/** The newest version of each consent a product asks, in the order the screen shows them. */
export function consentsFor(product: SalesProduct): ConsentDocument[] {
  return consentRulesFor(product).map((rule) => consentDocument(rule.documentId)!)
}
