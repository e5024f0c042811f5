import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { PLAN_PRICES, type PlanId } from '../../../domain/constants.ts'
import { PENSION_PRODUCT_PATH } from '../../../domain/navigation.ts'

/** Plan display data of spec 3.2 (title, description, price text, feature list), with its links. */
export type PlanAudience = 'individual' | 'corporate'
export type PlanKind = 'pension' | 'health' | 'travel'

export type Plan = {
  slug: string
  audience: PlanAudience
  kind: PlanKind
  title: MessageDescriptor
  description: MessageDescriptor
  /** The displayed monthly price (spec 9), or null when it is quoted individually. */
  priceId: PlanId | null
  /** Shown instead of a price when priceId is null. */
  priceNote?: MessageDescriptor
  features: MessageDescriptor[]
  /** Health plans: outpatient visits covered per year (spec 9: 8, 10 or 12). */
  outpatientVisits?: 8 | 10 | 12
  /** In-app purchase page (spec 2.3 market paths); otherwise the application form on the main site. */
  marketPath?: string
  /** `form` query of /basvurunuzu-alalim, when the plan has its own form. */
  formName?: string
}

/** `/urunler/birikim/bireysel-emeklilik/planlar/{slug}` (a main-site page). */
export const planDetailPath = (slug: string) => `${PENSION_PRODUCT_PATH}/planlar/${slug}`

/** The main site's application form, with the plan's name when it has one. */
export const planApplyPath = (plan: Plan) =>
  plan.formName ? `/basvurunuzu-alalim?form=${encodeURIComponent(plan.formName)}` : '/basvurunuzu-alalim'

export const PLANS: Plan[] = [
  {
    slug: 'erken-bes',
    audience: 'individual',
    kind: 'pension',
    title: msg`Erken BES`,
    description: msg`Emekliliğe erken başlamak isteyenler için düşük aylık katkıyla, online dakikalar içinde açılan katılım esaslı emeklilik planı.`,
    priceId: 'earlyBes',
    features: [msg`Online, kâğıtsız başvuru`, msg`Katkılarınıza %25 devlet katkısı`, msg`Faizsiz, katılım esaslı fonlar`, msg`Giriş aidatı yok`],
    marketPath: '/urunler/market/erkenbes',
  },
  {
    slug: 'pratik-bes',
    audience: 'individual',
    kind: 'pension',
    title: msg`Pratik BES`,
    description: msg`Birkaç adımda sözleşmenizi kurup kartınızla düzenli katkı ödemeye başlayabileceğiniz pratik emeklilik planı.`,
    priceId: 'practical',
    features: [msg`Kredi kartıyla düzenli ödeme`, msg`Katkılarınıza %25 devlet katkısı`, msg`Fon dağılımını yıl içinde değiştirebilme`, msg`Online şubeden takip`],
    marketPath: '/urunler/market/pratikbes',
  },
  {
    slug: 'uygun-emeklilik-plani',
    audience: 'individual',
    kind: 'pension',
    title: msg`Uygun Emeklilik Planı`,
    description: msg`Bütçenizi zorlamadan, uzun vadede düzenli birikim yapmak isteyenler için dengeli bir plan.`,
    priceId: 'affordable',
    features: [msg`Katkılarınıza %25 devlet katkısı`, msg`Katkı tutarını istediğiniz zaman değiştirme`, msg`Katkı ödemesine ara verebilme`],
    formName: 'uygun-emeklilik-plani',
  },
  {
    slug: 'guzel-emeklilik-plani',
    audience: 'individual',
    kind: 'pension',
    title: msg`Güzel Emeklilik Planı`,
    description: msg`Yüksek katkıyla emekliliğinde güçlü bir birikim hedefleyenler için kişisel danışmanlı plan.`,
    priceId: 'beautiful',
    features: [msg`Kişisel emeklilik danışmanı`, msg`Katkılarınıza %25 devlet katkısı`, msg`Geniş katılım fonu seçeneği`, msg`Düzenli birikim raporu`],
    formName: 'guzel-emeklilik-plani',
  },
  {
    slug: 'tamamlayici-saglik-sigortasi',
    audience: 'individual',
    kind: 'health',
    title: msg`Tamamlayıcı Sağlık Sigortası`,
    description: msg`SGK anlaşmalı özel hastanelerde fark ücreti ödemeden tedavi olmanızı sağlayan, katılım esaslı sağlık sigortası.`,
    priceId: null,
    priceNote: msg`Yaşınıza ve ilinize göre anında teklif`,
    features: [msg`Yatarak tedavi teminatı`, msg`Doğum teminatı seçeneği`, msg`Anlaşmalı özel hastaneler`],
    outpatientVisits: 10,
    marketPath: '/urunler/market/tss',
  },
  {
    slug: 'seyahat-saglik-sigortasi',
    audience: 'individual',
    kind: 'travel',
    title: msg`Seyahat Sağlık Sigortası`,
    description: msg`Yurt dışı seyahatlerinizde ve vize başvurularınızda geçerli sağlık sigortası.`,
    priceId: null,
    priceNote: msg`Seyahat süresine ve bölgeye göre anında teklif`,
    features: [msg`Vize başvurusuna uygun poliçe`, msg`Acil tıbbi tedavi ve nakil`, msg`Online, anında poliçe`],
    marketPath: '/urunler/market/seyahatsaglik',
  },
  {
    slug: 'ozel-grup-emeklilik-plani',
    audience: 'corporate',
    kind: 'pension',
    title: msg`Özel Grup Emeklilik Planı`,
    description: msg`Çalışanlarınıza işveren katkılı bireysel emeklilik sunarak bağlılıklarını artırın.`,
    priceId: 'special',
    features: [msg`İşveren katkısı ile çalışan motivasyonu`, msg`Çalışan katkılarına %25 devlet katkısı`, msg`Kurumunuza özel hak ediş kuralları`, msg`Kurumsal online şubeden yönetim`],
    formName: 'ozel-grup-emeklilik-plani',
  },
  {
    slug: 'rahat-grup-saglik-plani',
    audience: 'corporate',
    kind: 'health',
    title: msg`Rahat Grup Sağlık Planı`,
    description: msg`Çalışanlarınız için uygun maliyetli, katılım esaslı grup tamamlayıcı sağlık sigortası.`,
    priceId: 'comfortable',
    features: [msg`Yatarak tedavi teminatı`, msg`Anlaşmalı özel hastaneler`, msg`Aile bireylerini ekleyebilme`],
    outpatientVisits: 8,
    formName: 'rahat-grup-saglik-plani',
  },
  {
    slug: 'degerli-grup-saglik-plani',
    audience: 'corporate',
    kind: 'health',
    title: msg`Değerli Grup Sağlık Planı`,
    description: msg`Geniş teminatlı grup sağlık sigortasıyla çalışanlarınızın ve ailelerinin sağlığını güvenceye alın.`,
    priceId: 'valuable',
    features: [msg`Yatarak tedavi teminatı`, msg`Doğum teminatı`, msg`Aile bireylerini ekleyebilme`, msg`7/24 sağlık danışma hattı`],
    outpatientVisits: 12,
    formName: 'degerli-grup-saglik-plani',
  },
]

export const planPrice = (plan: Plan): number | null => (plan.priceId ? PLAN_PRICES[plan.priceId] : null)
