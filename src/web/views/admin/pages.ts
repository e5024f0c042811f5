import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

/**
 * The administration pages (spec 2.2): where each lives, its title, and the permission it needs
 * (spec 6 `tag:action`). The menu, the settings hub and each page's guard read this one table.
 */
export type AdminPage = {
  path: string
  title: MessageDescriptor
  /** What the page is for, on the hub card. */
  summary?: MessageDescriptor
  permission: string | readonly string[]
}

export const COMPANY_PAGES = [
  { path: '/navbar/settings/company/general', title: msg`Genel`, permission: 'company:read' },
  { path: '/navbar/settings/company/address', title: msg`Adres`, permission: 'address:read' },
  { path: '/navbar/settings/company/job-titles', title: msg`Unvanlar`, permission: 'jobtitle:read' },
  { path: '/navbar/settings/company/notification', title: msg`Bildirim`, permission: 'notification:read' },
  { path: '/navbar/settings/company/mail-server', title: msg`Posta sunucusu`, permission: 'mailserver:read' },
  { path: '/navbar/settings/company/outbox', title: msg`Posta kutusu`, permission: 'mailserver:read' },
  { path: '/navbar/settings/company/security', title: msg`Güvenlik`, permission: 'security:read' },
  { path: '/navbar/settings/company/preferences', title: msg`Tercihler`, permission: 'preferences:read' },
] as const satisfies readonly AdminPage[]

type CompanyPage = (typeof COMPANY_PAGES)[number]
const companyPage = <P extends CompanyPage['path']>(path: P) => COMPANY_PAGES.find((p) => p.path === path) as Extract<CompanyPage, { path: P }>
export const NOTIFICATION_PAGE = companyPage('/navbar/settings/company/notification')
export const MAIL_SERVER_PAGE = companyPage('/navbar/settings/company/mail-server')
export const OUTBOX_PAGE = companyPage('/navbar/settings/company/outbox')
export const SECURITY_PAGE = companyPage('/navbar/settings/company/security')
export const PREFERENCES_PAGE = companyPage('/navbar/settings/company/preferences')

export const TEAM_PAGE = {
  path: '/navbar/settings/team', title: msg`Ekip`, permission: 'group:read',
  summary: msg`Organizasyon ağacı: grupları sürükleyip üst gruba bırakarak düzenleyin.`,
} as const satisfies AdminPage
export const ROLES_PAGE = {
  path: '/navbar/settings/roles', title: msg`Yetkiler`, permission: 'role:read', summary: msg`Roller ve yetki paketleri.`,
} as const satisfies AdminPage
export const USERS_PAGE = {
  path: '/navbar/settings/users', title: msg`Kullanıcı`, permission: 'user:read', summary: msg`Kullanıcılar, grup ve rol atamaları.`,
} as const satisfies AdminPage
export const AUDIT_PAGE = {
  path: '/navbar/settings/audit', title: msg`Denetim kaydı`, permission: 'audit:read', summary: msg`Kim, ne zaman, neyi değiştirdi.`,
} as const satisfies AdminPage
export const PAYMENTS_PAGE = {
  path: '/navbar/settings/payments', title: msg`İşlem gereken ödemeler`, permission: 'payment:read',
  summary: msg`Bankanın tahsil ettiği, iade edilmesi gereken ödemeler.`,
} as const satisfies AdminPage
export const CONSENTS_PAGE = {
  path: '/navbar/settings/consents', title: msg`Rıza kayıtları`, permission: 'consent:read',
  summary: msg`Satış başvurularında okunan, verilen ve geri alınan izinler.`,
} as const satisfies AdminPage
export const TARIFFS_PAGE = {
  path: '/navbar/settings/tariffs', title: msg`Ürünler ve tarifeler`, permission: 'tariff:read',
  summary: msg`Sağlık ve seyahat fiyatları ile emeklilik fonlarının sürümleri.`,
} as const satisfies AdminPage
export const DASHBOARD_PAGE = { path: '/navbar/dashboard', title: msg`Gösterge paneli`, permission: 'dashboard:read' } as const satisfies AdminPage

/** The company area is shown when any of its pages may be read. */
export const COMPANY_PERMISSIONS: readonly string[] = COMPANY_PAGES.map((p) => p.permission)
/** Global search covers users, groups and roles. */
export const SEARCH_PERMISSIONS: readonly string[] = ['user:read', 'group:read', 'role:read']
/** The settings hub is shown when any of its areas is. */
export const SETTINGS_PERMISSIONS: readonly string[] = [...COMPANY_PERMISSIONS, TEAM_PAGE.permission, ROLES_PAGE.permission, USERS_PAGE.permission, AUDIT_PAGE.permission, PAYMENTS_PAGE.permission, CONSENTS_PAGE.permission, TARIFFS_PAGE.permission]
