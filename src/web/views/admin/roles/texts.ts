import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { MATRIX_ACTIONS, MATRIX_TAGS } from '../../../../domain/role-matrix.ts'

/** What each catalogue tag is about, in plain words (the matrix's row names and the preview). */
export const TAG_LABELS: Record<string, MessageDescriptor> = {
  company: msg`Şirket bilgileri`,
  address: msg`Şirket adresleri`,
  jobtitle: msg`Unvanlar`,
  notification: msg`Bildirim ayarları`,
  mailserver: msg`E-posta sunucusu ayarları`,
  security: msg`Şifre ve kilitleme politikası`,
  preferences: msg`Şirket tercihleri`,
  group: msg`Organizasyon ağacı`,
  role: msg`Roller ve yetkiler`,
  user: msg`Kullanıcılar`,
  userstatus: msg`Kullanıcı durumları`,
  audit: msg`Denetim kaydı`,
  dashboard: msg`Gösterge paneli`,
  consent: msg`Müşteri onayları`,
  payment: msg`İşlem gereken ödemeler`,
  profile: msg`Kendi profili`,
}

/** The matrix's column names. */
export const ACTION_LABELS: Record<string, MessageDescriptor> = {
  read: msg`Görüntüleme`,
  update: msg`Değiştirme`,
  delete: msg`Silme`,
  create: msg`Ekleme`,
  consent: msg`Onay`,
}

/** The verbs of the preview ("Kullanıcılar: görüntüleyebilir ve ekleyebilir"). */
const ACTION_VERBS: Record<string, MessageDescriptor> = {
  read: msg`görüntüleyebilir`,
  update: msg`değiştirebilir`,
  delete: msg`silebilir`,
  create: msg`ekleyebilir`,
  consent: msg`onay kaydedebilir`,
}

/** The gdprlevels lookup's names (the server's reference list says the same). */
export const LEVEL_LABELS: Record<string, MessageDescriptor> = {
  PUBLIC: msg`Genel`,
  INTERNAL: msg`Kurum içi`,
  CONFIDENTIAL: msg`Gizli (kişisel veri)`,
  SENSITIVE: msg`Özel nitelikli kişisel veri`,
}

export function tagLabel(tag: string, i18n: I18n): string {
  const d = TAG_LABELS[tag]
  return d ? i18n._(d) : tag
}

/**
 * "What a holder of this role can do": one sentence per tag held, in catalogue order, its verbs
 * joined the language's way (Intl.ListFormat).
 */
export function previewSentences(held: readonly string[], i18n: I18n): string[] {
  const set = new Set(held)
  const list = new Intl.ListFormat(i18n.locale || 'tr', { style: 'long', type: 'conjunction' })
  return MATRIX_TAGS.flatMap((tag) => {
    const verbs = MATRIX_ACTIONS.filter((a) => set.has(`${tag}:${a}`)).map((a) => i18n._(ACTION_VERBS[a]!))
    if (verbs.length === 0) return []
    const area = tagLabel(tag, i18n)
    const actions = list.format(verbs)
    return [i18n._(msg`${area}: ${actions}`)]
  })
}
