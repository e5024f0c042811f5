import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { PENSION_PRODUCT_PATH } from '../../domain/navigation.ts'

/**
 * Header and footer navigation (spec 1, 2.3). `internal` links are pages of this app; the others
 * are {host} pages of the provider's main site (MAIN_SITE_ORIGIN, this app's origin by default).
 */
export type SiteLink = { label: MessageDescriptor; path: string; internal?: boolean }
export type SiteMenu = { label: MessageDescriptor; links: SiteLink[] }

export const PRODUCT_MENUS: SiteMenu[] = [
  {
    label: msg`Birikim`,
    links: [
      { label: msg`Bireysel Emeklilik`, path: PENSION_PRODUCT_PATH, internal: true },
      { label: msg`Erken BES`, path: '/urunler/market/erkenbes', internal: true },
      { label: msg`Pratik BES`, path: '/urunler/market/pratikbes', internal: true },
      { label: msg`Otomatik Katılım Sistemi`, path: '/urunler/birikim/otomatik-katilim' },
    ],
  },
  {
    label: msg`Sigorta`,
    links: [
      { label: msg`Tamamlayıcı Sağlık Sigortası`, path: '/urunler/market/tss', internal: true },
      { label: msg`Seyahat Sağlık Sigortası`, path: '/urunler/market/seyahatsaglik', internal: true },
      { label: msg`Hayat Sigortası`, path: '/urunler/sigorta/hayat' },
    ],
  },
  {
    label: msg`Fonlar`,
    links: [
      { label: msg`Emeklilik Yatırım Fonları`, path: '/emeklilik-yatirim-fonlari/bes' },
      { label: msg`Fon Performans Araçları`, path: '/fon-performans-araclari' },
      { label: msg`Fon Bültenleri`, path: '/fon-bultenleri/2021' },
    ],
  },
  {
    label: msg`Yardımcı Olalım`,
    links: [
      { label: msg`Birikim Hesaplama`, path: '/yardimci-olalim/hesaplama-araclari/birikim-hesaplama' },
      { label: msg`Acenteler`, path: '/iletisim/acenteler' },
      { label: msg`Banka Şubeleri`, path: '/iletisim/banka-subeleri' },
    ],
  },
]

export const ONLINE_BRANCHES: SiteLink[] = [
  { label: msg`Bireysel Online Şube`, path: '/online-sube/bireysel' },
  { label: msg`Kurumsal Online Şube`, path: '/online-sube/kurumsal' },
]

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const

/** The customer line, shown in header and footer. */
export const PHONE = { display: '0850 222 0 565', href: 'tel:+908502220565' } as const

