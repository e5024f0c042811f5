import type { ServerLocale } from './i18n.ts'

/**
 * The audit log's words (issue 25 item 7), in the shared catalogue (docs/decisions/texts.md): one
 * sentence per action the server writes (`{actor}` the person who acted, `{target}` what it was
 * about; in Turkish `{targetAcc}`, `{targetDat}` and `{targetGen}` are the target with its case
 * ending, "Mehmet Demir'i", "Ayşe'ye", "Ali'nin"), the actions' short names for the filter, the
 * names of the fields a before/after shows and the words around them. A sentence's key is the
 * action, or `action#variant` where one action reads differently by what it did (a status change
 * to removed, suspended or active). tests/server/audit-log.test.ts fails when an action written
 * anywhere under src/server has no sentence here.
 */
type T = { readonly id: string; readonly message: string }

export const AUDIT_SENTENCES = {
  'user.created': /*i18n*/ { id: 'audit.s.user.created', message: '{actor}, {targetAcc} kullanıcı olarak ekledi' },
  'user.updated': /*i18n*/ { id: 'audit.s.user.updated', message: '{actor}, {targetGen} bilgilerini değiştirdi' },
  'user.status#removed': /*i18n*/ { id: 'audit.s.user.status.removed', message: '{actor}, {targetAcc} sistemden uzaklaştırdı' },
  'user.status#suspended': /*i18n*/ { id: 'audit.s.user.status.suspended', message: '{actor}, {targetAcc} askıya aldı' },
  'user.status#active': /*i18n*/ { id: 'audit.s.user.status.active', message: '{actor}, {targetAcc} yeniden etkinleştirdi' },
  'user.roles.updated': /*i18n*/ { id: 'audit.s.user.roles.updated', message: '{actor}, {targetGen} rollerini değiştirdi' },
  'user.photo.updated': /*i18n*/ { id: 'audit.s.user.photo.updated', message: '{actor}, {targetGen} fotoğrafını değiştirdi' },
  'user.photo.deleted': /*i18n*/ { id: 'audit.s.user.photo.deleted', message: '{actor}, {targetGen} fotoğrafını kaldırdı' },
  'user.exported': /*i18n*/ { id: 'audit.s.user.exported', message: '{actor}, kullanıcı listesini CSV olarak indirdi ({rows} satır)' },
  'user.email.changed': /*i18n*/ { id: 'audit.s.user.email.changed', message: '{targetGen} e-posta adresi, gönderilen bağlantıyla değiştirildi' },
  'user.email.cancelled': /*i18n*/ { id: 'audit.s.user.email.cancelled', message: '{targetGen} e-posta değişikliği iptal edildi' },
  'user.lockedOut': /*i18n*/ { id: 'audit.s.user.lockedOut', message: '{targetGen} hesabı {attempts} hatalı denemeden sonra kilitlendi' },
  'user.passwordCompromised': /*i18n*/ { id: 'audit.s.user.passwordCompromised', message: '{targetGen} şifresi başka bir hesapta kullanıldığı için geçersiz kılındı' },
  'user.passwordChanged': /*i18n*/ { id: 'audit.s.user.passwordChanged', message: '{actor} şifresini değiştirdi' },
  'user.reactivated': /*i18n*/ { id: 'audit.s.user.reactivated', message: '{actor}, {targetGen} hesabının kilidini açtı' },
  'user.temporaryPasswordSent': /*i18n*/ { id: 'audit.s.user.temporaryPasswordSent', message: '{actor}, {targetDat} geçici şifre gönderdi' },
  'auth.login': /*i18n*/ { id: 'audit.s.auth.login', message: '{actor} oturum açtı' },
  'auth.login.failed': /*i18n*/ { id: 'audit.s.auth.login.failed', message: '"{actor}" adıyla oturum açma denemesi başarısız oldu' },
  'auth.login.passwordExpired': /*i18n*/ { id: 'audit.s.auth.login.passwordExpired', message: '{actor} oturum açtı; şifresini değiştirmesi istendi' },
  'auth.reauth': /*i18n*/ { id: 'audit.s.auth.reauth', message: '{actor} şifresini yeniden girerek kimliğini doğruladı' },
  'auth.lock': /*i18n*/ { id: 'audit.s.auth.lock', message: '{targetGen} ekranı kilitlendi' },
  'auth.unlock': /*i18n*/ { id: 'audit.s.auth.unlock', message: '{actor} ekran kilidini açtı' },
  'auth.unlock.failed': /*i18n*/ { id: 'audit.s.auth.unlock.failed', message: '{actor} ekran kilidini açamadı (yanlış şifre)' },
  'auth.logout': /*i18n*/ { id: 'audit.s.auth.logout', message: '{target} oturumu kapattı' },
  'auth.switchRole': /*i18n*/ { id: 'audit.s.auth.switchRole', message: '{target} etkin rolünü {to} olarak değiştirdi' },
  'auth.forgotPassword': /*i18n*/ { id: 'audit.s.auth.forgotPassword', message: '{targetGen} şifre sıfırlama bağlantısı istendi' },
  'role.created': /*i18n*/ { id: 'audit.s.role.created', message: '{actor}, {target} rolünü oluşturdu' },
  'role.updated': /*i18n*/ { id: 'audit.s.role.updated', message: '{actor}, {target} rolünü değiştirdi' },
  'role.deleted': /*i18n*/ { id: 'audit.s.role.deleted', message: '{actor}, {target} rolünü sildi' },
  'group.created': /*i18n*/ { id: 'audit.s.group.created', message: '{actor}, {target} grubunu oluşturdu' },
  'group.updated': /*i18n*/ { id: 'audit.s.group.updated', message: '{actor}, {target} grubunu değiştirdi' },
  'group.moved': /*i18n*/ { id: 'audit.s.group.moved', message: '{actor}, {target} grubunu organizasyon şemasında taşıdı' },
  'group.deleted': /*i18n*/ { id: 'audit.s.group.deleted', message: '{actor}, {target} grubunu sildi' },
  'address.created': /*i18n*/ { id: 'audit.s.address.created', message: '{actor}, {target} adresini ekledi' },
  'address.updated': /*i18n*/ { id: 'audit.s.address.updated', message: '{actor}, {target} adresini değiştirdi' },
  'address.deleted': /*i18n*/ { id: 'audit.s.address.deleted', message: '{actor}, {target} adresini sildi' },
  'jobtitle.created': /*i18n*/ { id: 'audit.s.jobtitle.created', message: '{actor}, {target} unvanını ekledi' },
  'jobtitle.updated': /*i18n*/ { id: 'audit.s.jobtitle.updated', message: '{actor}, {target} unvanını değiştirdi' },
  'jobtitle.deleted': /*i18n*/ { id: 'audit.s.jobtitle.deleted', message: '{actor}, {target} unvanını sildi' },
  'company.updated': /*i18n*/ { id: 'audit.s.company.updated', message: '{actor}, {target} şirket bilgilerini değiştirdi' },
  'company.logo.updated': /*i18n*/ { id: 'audit.s.company.logo.updated', message: '{actor}, şirket logosunu değiştirdi' },
  'company.logo.deleted': /*i18n*/ { id: 'audit.s.company.logo.deleted', message: '{actor}, şirket logosunu kaldırdı' },
  'settings.notification.updated': /*i18n*/ { id: 'audit.s.settings.notification.updated', message: '{actor}, bildirim ayarlarını değiştirdi' },
  'settings.mailServer.updated': /*i18n*/ { id: 'audit.s.settings.mailServer.updated', message: '{actor}, posta sunucusu ayarlarını değiştirdi' },
  'settings.mailServer.tested#ok': /*i18n*/ { id: 'audit.s.settings.mailServer.tested.ok', message: '{actor}, posta sunucusunu sınadı: bağlantı başarılı' },
  'settings.mailServer.tested#failed': /*i18n*/ { id: 'audit.s.settings.mailServer.tested.failed', message: '{actor}, posta sunucusunu sınadı: bağlantı kurulamadı' },
  'settings.security.updated': /*i18n*/ { id: 'audit.s.settings.security.updated', message: '{actor}, güvenlik politikasını değiştirdi' },
  'settings.preferences.updated': /*i18n*/ { id: 'audit.s.settings.preferences.updated', message: '{actor}, tercihleri değiştirdi' },
  'mail.retried': /*i18n*/ { id: 'audit.s.mail.retried', message: '{actor}, {recipient} adresine giden e-postayı yeniden gönderime aldı' },
  'payment.resolve': /*i18n*/ { id: 'audit.s.payment.resolve', message: '{actor}, {target} numaralı siparişin ödemesini sonuçlandırdı' },
  'tariff.loaded': /*i18n*/ { id: 'audit.s.tariff.loaded', message: '{actor}, {target} tarife sürümünü yükledi' },
  'consent.read': /*i18n*/ { id: 'audit.s.consent.read', message: 'Bir müşteri {target} metnini okudu' },
  'consent.accepted': /*i18n*/ { id: 'audit.s.consent.accepted', message: 'Bir müşteri {target} metnini onayladı' },
  'consent.rejected': /*i18n*/ { id: 'audit.s.consent.rejected', message: 'Bir müşteri {target} metnini reddetti' },
  'consent.withdrawn': /*i18n*/ { id: 'audit.s.consent.withdrawn', message: 'Bir müşteri {target} onayını geri aldı' },
  'consent.exported': /*i18n*/ { id: 'audit.s.consent.exported', message: '{actor}, izin kayıtlarını CSV olarak indirdi ({rows} satır)' },
  'audit.exported': /*i18n*/ { id: 'audit.s.audit.exported', message: '{actor}, denetim kaydını CSV olarak indirdi ({rows} satır)' },
  'seed.firstCompany': /*i18n*/ { id: 'audit.s.seed.firstCompany', message: 'Kurulumda ilk yönetici {target} oluşturuldu' },
} as const satisfies Record<string, T>

/** An action the catalogue above does not know (an entry written by an older version): said plainly. */
export const AUDIT_UNKNOWN = /*i18n*/ { id: 'audit.s.unknown', message: '{actor}: {action}' }

/** Every action the server writes (the sentences' keys without their variants). */
export const AUDIT_ACTIONS = [...new Set(Object.keys(AUDIT_SENTENCES).map((k) => k.split('#')[0]!))].sort()

/** The actions' short names, for the list's action filter and the CSV's action column. */
export const AUDIT_ACTION_NAMES: Record<string, T> = {
  'user.created': /*i18n*/ { id: 'audit.a.user.created', message: 'Kullanıcı eklendi' },
  'user.updated': /*i18n*/ { id: 'audit.a.user.updated', message: 'Kullanıcı bilgileri değişti' },
  'user.status': /*i18n*/ { id: 'audit.a.user.status', message: 'Kullanıcı durumu değişti' },
  'user.roles.updated': /*i18n*/ { id: 'audit.a.user.roles.updated', message: 'Kullanıcı rolleri değişti' },
  'user.photo.updated': /*i18n*/ { id: 'audit.a.user.photo.updated', message: 'Kullanıcı fotoğrafı değişti' },
  'user.photo.deleted': /*i18n*/ { id: 'audit.a.user.photo.deleted', message: 'Kullanıcı fotoğrafı kaldırıldı' },
  'user.exported': /*i18n*/ { id: 'audit.a.user.exported', message: 'Kullanıcı listesi indirildi' },
  'user.email.changed': /*i18n*/ { id: 'audit.a.user.email.changed', message: 'E-posta adresi değişti' },
  'user.email.cancelled': /*i18n*/ { id: 'audit.a.user.email.cancelled', message: 'E-posta değişikliği iptal edildi' },
  'user.lockedOut': /*i18n*/ { id: 'audit.a.user.lockedOut', message: 'Hesap kilitlendi' },
  'user.passwordCompromised': /*i18n*/ { id: 'audit.a.user.passwordCompromised', message: 'Şifre geçersiz kılındı' },
  'user.passwordChanged': /*i18n*/ { id: 'audit.a.user.passwordChanged', message: 'Şifre değişti' },
  'user.reactivated': /*i18n*/ { id: 'audit.a.user.reactivated', message: 'Hesap kilidi açıldı' },
  'user.temporaryPasswordSent': /*i18n*/ { id: 'audit.a.user.temporaryPasswordSent', message: 'Geçici şifre gönderildi' },
  'auth.login': /*i18n*/ { id: 'audit.a.auth.login', message: 'Oturum açıldı' },
  'auth.login.failed': /*i18n*/ { id: 'audit.a.auth.login.failed', message: 'Başarısız oturum açma' },
  'auth.login.passwordExpired': /*i18n*/ { id: 'audit.a.auth.login.passwordExpired', message: 'Şifre değişikliği istendi' },
  'auth.reauth': /*i18n*/ { id: 'audit.a.auth.reauth', message: 'Kimlik yeniden doğrulandı' },
  'auth.lock': /*i18n*/ { id: 'audit.a.auth.lock', message: 'Ekran kilitlendi' },
  'auth.unlock': /*i18n*/ { id: 'audit.a.auth.unlock', message: 'Ekran kilidi açıldı' },
  'auth.unlock.failed': /*i18n*/ { id: 'audit.a.auth.unlock.failed', message: 'Ekran kilidi açılamadı' },
  'auth.logout': /*i18n*/ { id: 'audit.a.auth.logout', message: 'Oturum kapatıldı' },
  'auth.switchRole': /*i18n*/ { id: 'audit.a.auth.switchRole', message: 'Etkin rol değişti' },
  'auth.forgotPassword': /*i18n*/ { id: 'audit.a.auth.forgotPassword', message: 'Şifre sıfırlama istendi' },
  'role.created': /*i18n*/ { id: 'audit.a.role.created', message: 'Rol oluşturuldu' },
  'role.updated': /*i18n*/ { id: 'audit.a.role.updated', message: 'Rol değişti' },
  'role.deleted': /*i18n*/ { id: 'audit.a.role.deleted', message: 'Rol silindi' },
  'group.created': /*i18n*/ { id: 'audit.a.group.created', message: 'Grup oluşturuldu' },
  'group.updated': /*i18n*/ { id: 'audit.a.group.updated', message: 'Grup değişti' },
  'group.moved': /*i18n*/ { id: 'audit.a.group.moved', message: 'Grup taşındı' },
  'group.deleted': /*i18n*/ { id: 'audit.a.group.deleted', message: 'Grup silindi' },
  'address.created': /*i18n*/ { id: 'audit.a.address.created', message: 'Adres eklendi' },
  'address.updated': /*i18n*/ { id: 'audit.a.address.updated', message: 'Adres değişti' },
  'address.deleted': /*i18n*/ { id: 'audit.a.address.deleted', message: 'Adres silindi' },
  'jobtitle.created': /*i18n*/ { id: 'audit.a.jobtitle.created', message: 'Unvan eklendi' },
  'jobtitle.updated': /*i18n*/ { id: 'audit.a.jobtitle.updated', message: 'Unvan değişti' },
  'jobtitle.deleted': /*i18n*/ { id: 'audit.a.jobtitle.deleted', message: 'Unvan silindi' },
  'company.updated': /*i18n*/ { id: 'audit.a.company.updated', message: 'Şirket bilgileri değişti' },
  'company.logo.updated': /*i18n*/ { id: 'audit.a.company.logo.updated', message: 'Logo değişti' },
  'company.logo.deleted': /*i18n*/ { id: 'audit.a.company.logo.deleted', message: 'Logo kaldırıldı' },
  'settings.notification.updated': /*i18n*/ { id: 'audit.a.settings.notification.updated', message: 'Bildirim ayarları değişti' },
  'settings.mailServer.updated': /*i18n*/ { id: 'audit.a.settings.mailServer.updated', message: 'Posta sunucusu değişti' },
  'settings.mailServer.tested': /*i18n*/ { id: 'audit.a.settings.mailServer.tested', message: 'Posta sunucusu sınandı' },
  'settings.security.updated': /*i18n*/ { id: 'audit.a.settings.security.updated', message: 'Güvenlik politikası değişti' },
  'settings.preferences.updated': /*i18n*/ { id: 'audit.a.settings.preferences.updated', message: 'Tercihler değişti' },
  'mail.retried': /*i18n*/ { id: 'audit.a.mail.retried', message: 'E-posta yeniden gönderime alındı' },
  'payment.resolve': /*i18n*/ { id: 'audit.a.payment.resolve', message: 'Ödeme sonuçlandırıldı' },
  'tariff.loaded': /*i18n*/ { id: 'audit.a.tariff.loaded', message: 'Tarife sürümü yüklendi' },
  'consent.read': /*i18n*/ { id: 'audit.a.consent.read', message: 'Metin okundu' },
  'consent.accepted': /*i18n*/ { id: 'audit.a.consent.accepted', message: 'Onay verildi' },
  'consent.rejected': /*i18n*/ { id: 'audit.a.consent.rejected', message: 'Onay reddedildi' },
  'consent.withdrawn': /*i18n*/ { id: 'audit.a.consent.withdrawn', message: 'Onay geri alındı' },
  'consent.exported': /*i18n*/ { id: 'audit.a.consent.exported', message: 'İzin kayıtları indirildi' },
  'audit.exported': /*i18n*/ { id: 'audit.a.audit.exported', message: 'Denetim kaydı indirildi' },
  'seed.firstCompany': /*i18n*/ { id: 'audit.a.seed.firstCompany', message: 'Kurulum' },
}

/** Names of the fields a before/after shows; a field not named here is left out of the table. */
export const AUDIT_FIELDS: Record<string, T> = {
  firstName: /*i18n*/ { id: 'audit.f.firstName', message: 'Ad' },
  lastName: /*i18n*/ { id: 'audit.f.lastName', message: 'Soyad' },
  username: /*i18n*/ { id: 'audit.f.username', message: 'Kullanıcı adı' },
  email: /*i18n*/ { id: 'audit.f.email', message: 'E-posta' },
  gender: /*i18n*/ { id: 'audit.f.gender', message: 'Cinsiyet' },
  country: /*i18n*/ { id: 'audit.f.country', message: 'Ülke' },
  nationalId: /*i18n*/ { id: 'audit.f.nationalId', message: 'Kimlik numarası' },
  passportNo: /*i18n*/ { id: 'audit.f.passportNo', message: 'Pasaport numarası' },
  jobTitleId: /*i18n*/ { id: 'audit.f.jobTitleId', message: 'Unvan' },
  workLocationId: /*i18n*/ { id: 'audit.f.workLocationId', message: 'Çalışma yeri' },
  mobilePhone: /*i18n*/ { id: 'audit.f.mobilePhone', message: 'Cep telefonu' },
  birthDate: /*i18n*/ { id: 'audit.f.birthDate', message: 'Doğum tarihi' },
  status: /*i18n*/ { id: 'audit.f.status', message: 'Durum' },
  roles: /*i18n*/ { id: 'audit.f.roles', message: 'Roller' },
  mainRole: /*i18n*/ { id: 'audit.f.mainRole', message: 'Ana rol' },
  defaultRole: /*i18n*/ { id: 'audit.f.defaultRole', message: 'Varsayılan rol' },
  rolename: /*i18n*/ { id: 'audit.f.rolename', message: 'Rol adı' },
  roleType: /*i18n*/ { id: 'audit.f.roleType', message: 'Rol türü' },
  owner: /*i18n*/ { id: 'audit.f.owner', message: 'Sahibi' },
  groupId: /*i18n*/ { id: 'audit.f.groupId', message: 'Grup' },
  gdprLevel: /*i18n*/ { id: 'audit.f.gdprLevel', message: 'Veri gizliliği düzeyi' },
  teamSize: /*i18n*/ { id: 'audit.f.teamSize', message: 'Ekip büyüklüğü' },
  isMainRole: /*i18n*/ { id: 'audit.f.isMainRole', message: 'Ana rol mü' },
  permissions: /*i18n*/ { id: 'audit.f.permissions', message: 'Yetkiler' },
  name: /*i18n*/ { id: 'audit.f.name', message: 'Ad' },
  description: /*i18n*/ { id: 'audit.f.description', message: 'Açıklama' },
  level: /*i18n*/ { id: 'audit.f.level', message: 'Düzey' },
  parentId: /*i18n*/ { id: 'audit.f.parentId', message: 'Üst grup' },
  title: /*i18n*/ { id: 'audit.f.title', message: 'Unvan' },
  jobtitle: /*i18n*/ { id: 'audit.f.jobtitle', message: 'Unvan adı' },
  experienceLevel: /*i18n*/ { id: 'audit.f.experienceLevel', message: 'Deneyim düzeyi' },
  colorCode: /*i18n*/ { id: 'audit.f.colorCode', message: 'Renk' },
  locationtype: /*i18n*/ { id: 'audit.f.locationtype', message: 'Yer türü' },
  locationname: /*i18n*/ { id: 'audit.f.locationname', message: 'Yer adı' },
  countrycode: /*i18n*/ { id: 'audit.f.countrycode', message: 'Ülke' },
  citycode: /*i18n*/ { id: 'audit.f.citycode', message: 'İl' },
  districtcode: /*i18n*/ { id: 'audit.f.districtcode', message: 'İlçe' },
  suburbcode: /*i18n*/ { id: 'audit.f.suburbcode', message: 'Mahalle' },
  zipcode: /*i18n*/ { id: 'audit.f.zipcode', message: 'Posta kodu' },
  addresstext: /*i18n*/ { id: 'audit.f.addresstext', message: 'Adres' },
  phone: /*i18n*/ { id: 'audit.f.phone', message: 'Telefon' },
  taxNumber: /*i18n*/ { id: 'audit.f.taxNumber', message: 'Vergi kimlik numarası' },
  size: /*i18n*/ { id: 'audit.f.size', message: 'Büyüklük' },
  sector: /*i18n*/ { id: 'audit.f.sector', message: 'Sektör' },
  webPage: /*i18n*/ { id: 'audit.f.webPage', message: 'Web sayfası' },
  defaultCurrency: /*i18n*/ { id: 'audit.f.defaultCurrency', message: 'Varsayılan para birimi' },
  language: /*i18n*/ { id: 'audit.f.language', message: 'Dil' },
  timeZone: /*i18n*/ { id: 'audit.f.timeZone', message: 'Saat dilimi' },
  browserLanguage: /*i18n*/ { id: 'audit.f.browserLanguage', message: 'Tarayıcı dili kullanılsın' },
  host: /*i18n*/ { id: 'audit.f.host', message: 'Sunucu' },
  port: /*i18n*/ { id: 'audit.f.port', message: 'Port' },
  security: /*i18n*/ { id: 'audit.f.security', message: 'Bağlantı güvenliği' },
  user: /*i18n*/ { id: 'audit.f.user', message: 'Kullanıcı adı' },
  from: /*i18n*/ { id: 'audit.f.from', message: 'Gönderen adresi' },
  authRequired: /*i18n*/ { id: 'audit.f.authRequired', message: 'Kimlik doğrulama gerekli' },
  passwordChanged: /*i18n*/ { id: 'audit.f.passwordChanged', message: 'Şifre değiştirildi' },
  minLength: /*i18n*/ { id: 'audit.f.minLength', message: 'En kısa şifre uzunluğu' },
  complexity: /*i18n*/ { id: 'audit.f.complexity', message: 'Şifre karmaşıklığı' },
  expiryDays: /*i18n*/ { id: 'audit.f.expiryDays', message: 'Şifre geçerlilik süresi (gün)' },
  expiryWarningDays: /*i18n*/ { id: 'audit.f.expiryWarningDays', message: 'Süre bitmeden uyarı (gün)' },
  historyCount: /*i18n*/ { id: 'audit.f.historyCount', message: 'Tekrar kullanılamayan eski şifre sayısı' },
  uniqueAmongUsers: /*i18n*/ { id: 'audit.f.uniqueAmongUsers', message: 'Kullanıcılar arasında benzersiz şifre' },
  maxFailedLogins: /*i18n*/ { id: 'audit.f.maxFailedLogins', message: 'Kilitlemeden önceki hatalı deneme sayısı' },
  addressFailureLimit: /*i18n*/ { id: 'audit.f.addressFailureLimit', message: 'Bir adresten hatalı deneme sınırı' },
  addressWindowMinutes: /*i18n*/ { id: 'audit.f.addressWindowMinutes', message: 'Adres sınırının süresi (dakika)' },
  timeToLockMinutes: /*i18n*/ { id: 'audit.f.timeToLockMinutes', message: 'Ekran kilidine kadar hareketsizlik (dakika)' },
  logoutWaitMinutes: /*i18n*/ { id: 'audit.f.logoutWaitMinutes', message: 'Kilitten oturum kapanmasına kadar (dakika)' },
  activityThrottleMinutes: /*i18n*/ { id: 'audit.f.activityThrottleMinutes', message: 'Etkinlik kaydı aralığı (dakika)' },
  inactiveUserThresholdMinutes: /*i18n*/ { id: 'audit.f.inactiveUserThresholdMinutes', message: 'Hareketsiz kullanıcı eşiği (dakika)' },
  ldap: /*i18n*/ { id: 'audit.f.ldap', message: 'LDAP' },
  recipient: /*i18n*/ { id: 'audit.f.recipient', message: 'Alıcı' },
  attempts: /*i18n*/ { id: 'audit.f.attempts', message: 'Deneme sayısı' },
  to: /*i18n*/ { id: 'audit.f.to', message: 'Gönderildiği adres' },
  reason: /*i18n*/ { id: 'audit.f.reason', message: 'Neden' },
  amount: /*i18n*/ { id: 'audit.f.amount', message: 'Tutar' },
  currency: /*i18n*/ { id: 'audit.f.currency', message: 'Para birimi' },
  version: /*i18n*/ { id: 'audit.f.version', message: 'Sürüm' },
  effectiveFrom: /*i18n*/ { id: 'audit.f.effectiveFrom', message: 'Geçerlilik başlangıcı' },
  fileName: /*i18n*/ { id: 'audit.f.fileName', message: 'Dosya' },
  rows: /*i18n*/ { id: 'audit.f.rows', message: 'Satır sayısı' },
  note: /*i18n*/ { id: 'audit.f.note', message: 'Not' },
  width: /*i18n*/ { id: 'audit.f.width', message: 'Genişlik (piksel)' },
  height: /*i18n*/ { id: 'audit.f.height', message: 'Yükseklik (piksel)' },
  newEmail: /*i18n*/ { id: 'audit.f.newEmail', message: 'Yeni e-posta' },
}

/** The words around the entries: a system actor, a customer, a deleted target, yes/no, a hidden secret, the CSV's columns. */
/** The permission catalogue's areas and actions by name (a role's added and removed permissions; the role matrix says the same). */
export const AUDIT_PERMISSION_AREAS: Record<string, T> = {
  company: /*i18n*/ { id: 'audit.p.company', message: 'Şirket bilgileri' },
  address: /*i18n*/ { id: 'audit.p.address', message: 'Şirket adresleri' },
  jobtitle: /*i18n*/ { id: 'audit.p.jobtitle', message: 'Unvanlar' },
  notification: /*i18n*/ { id: 'audit.p.notification', message: 'Bildirim ayarları' },
  mailserver: /*i18n*/ { id: 'audit.p.mailserver', message: 'E-posta sunucusu ayarları' },
  security: /*i18n*/ { id: 'audit.p.security', message: 'Şifre ve kilitleme politikası' },
  preferences: /*i18n*/ { id: 'audit.p.preferences', message: 'Şirket tercihleri' },
  group: /*i18n*/ { id: 'audit.p.group', message: 'Organizasyon ağacı' },
  role: /*i18n*/ { id: 'audit.p.role', message: 'Roller ve yetkiler' },
  user: /*i18n*/ { id: 'audit.p.user', message: 'Kullanıcılar' },
  userstatus: /*i18n*/ { id: 'audit.p.userstatus', message: 'Kullanıcı durumları' },
  audit: /*i18n*/ { id: 'audit.p.audit', message: 'Denetim kaydı' },
  dashboard: /*i18n*/ { id: 'audit.p.dashboard', message: 'Gösterge paneli' },
  consent: /*i18n*/ { id: 'audit.p.consent', message: 'Müşteri onayları' },
  payment: /*i18n*/ { id: 'audit.p.payment', message: 'İşlem gereken ödemeler' },
  tariff: /*i18n*/ { id: 'audit.p.tariff', message: 'Ürünler ve tarifeler' },
  profile: /*i18n*/ { id: 'audit.p.profile', message: 'Kendi profili' },
}

export const AUDIT_PERMISSION_ACTIONS: Record<string, T> = {
  read: /*i18n*/ { id: 'audit.pa.read', message: 'Görüntüleme' },
  create: /*i18n*/ { id: 'audit.pa.create', message: 'Ekleme' },
  update: /*i18n*/ { id: 'audit.pa.update', message: 'Değiştirme' },
  delete: /*i18n*/ { id: 'audit.pa.delete', message: 'Silme' },
  consent: /*i18n*/ { id: 'audit.pa.consent', message: 'Onay' },
}

export const AUDIT_WORDS = {
  system: /*i18n*/ { id: 'audit.w.system', message: 'Sistem' },
  customer: /*i18n*/ { id: 'audit.w.customer', message: 'Bir müşteri' },
  deleted: /*i18n*/ { id: 'audit.w.deleted', message: '{name} (silindi)' },
  unknownTarget: /*i18n*/ { id: 'audit.w.unknownTarget', message: 'silinmiş bir kayıt' },
  yes: /*i18n*/ { id: 'audit.w.yes', message: 'Evet' },
  no: /*i18n*/ { id: 'audit.w.no', message: 'Hayır' },
  empty: /*i18n*/ { id: 'audit.w.empty', message: '(boş)' },
  secret: /*i18n*/ { id: 'audit.w.secret', message: '(gizli, gösterilmez)' },
  permissionCount: /*i18n*/ { id: 'audit.w.permissionCount', message: '{count} yetki' },
  permissionsAdded: /*i18n*/ { id: 'audit.w.permissionsAdded', message: 'eklenen: {list}' },
  permissionsRemoved: /*i18n*/ { id: 'audit.w.permissionsRemoved', message: 'kaldırılan: {list}' },
  statusActive: /*i18n*/ { id: 'audit.w.status.active', message: 'Etkin' },
  statusSuspended: /*i18n*/ { id: 'audit.w.status.suspended', message: 'Askıya alındı' },
  statusRemoved: /*i18n*/ { id: 'audit.w.status.removed', message: 'Sistemden uzaklaştırıldı' },
  colTime: /*i18n*/ { id: 'audit.csv.time', message: 'Zaman' },
  colEvent: /*i18n*/ { id: 'audit.csv.event', message: 'Olay' },
  colActor: /*i18n*/ { id: 'audit.csv.actor', message: 'Kim' },
  colAction: /*i18n*/ { id: 'audit.csv.action', message: 'İşlem' },
  colTarget: /*i18n*/ { id: 'audit.csv.target', message: 'Kaynak' },
  colChanges: /*i18n*/ { id: 'audit.csv.changes', message: 'Değişiklikler' },
  colIp: /*i18n*/ { id: 'audit.csv.ip', message: 'IP adresi' },
  colRequest: /*i18n*/ { id: 'audit.csv.request', message: 'İstek kimliği' },
} as const satisfies Record<string, T>

/**
 * A Turkish name with a case ending after an apostrophe, by vowel harmony: accusative
 * (Demir'i, Yılmaz'ı, Ayşe'yi, Onur'u, Gül'ü), dative (Demir'e, Yılmaz'a, Ayşe'ye) and genitive
 * (Demir'in, Ayşe'nin, Yılmaz'ın). A name without a Turkish vowel (a number, "SMS") takes the
 * front forms. Other languages take the name as it is (their sentences are written so).
 */
export function turkishCase(name: string, kind: 'acc' | 'dat' | 'gen'): string {
  const lower = name.toLocaleLowerCase('tr')
  const vowels = lower.match(/[aeıioöuü]/g)
  const last = vowels?.[vowels.length - 1] ?? 'e'
  const endsInVowel = /[aeıioöuü]$/.test(lower)
  const four = ({ a: 'ı', ı: 'ı', e: 'i', i: 'i', o: 'u', u: 'u', ö: 'ü', ü: 'ü' } as Record<string, string>)[last]!
  const two = 'aıou'.includes(last) ? 'a' : 'e'
  if (kind === 'acc') return `'${endsInVowel ? 'y' : ''}${four}`
  if (kind === 'dat') return `'${endsInVowel ? 'y' : ''}${two}`
  return `'${endsInVowel ? 'n' : ''}${four}n`
}

export function caseEnding(locale: ServerLocale, name: string, kind: 'acc' | 'dat' | 'gen'): string {
  return locale === 'tr' ? turkishCase(name, kind) : ''
}
