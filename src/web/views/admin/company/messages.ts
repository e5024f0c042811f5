import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { FIELD } from '../../../i18n/reasons.ts'

/** The company forms' field codes (src/domain/schemas/company.ts) beyond spec 5's own three. */
export const COMPANY_FIELD_TEXTS: Record<string, MessageDescriptor> = {
  phone: msg`Geçerli bir Türkiye telefon numarası girin (örnek: 0212 555 12 34 veya 0532 123 45 67)`,
  taxNumber: msg`Vergi kimlik numarası geçersiz: 10 haneden oluşmalı ve son hane, ilk dokuz haneden hesaplanan kontrol hanesine eşit olmalıdır`,
  webPage: msg`Web adresi http:// veya https:// ile başlamalıdır`,
  tooLong: msg`Değer çok uzun`,
  invalid: msg`Değer geçersiz`,
  colorCode: msg`Paletten bir renk seçmelisiniz`,
  exists: msg`Bu unvan zaten var`,
}

/** The text of a field's error code: spec 5's messages first, then the company forms' own. */
export function companyFieldText(code: string | undefined, i18n: I18n): string | null {
  if (!code) return null
  const known = (FIELD as Record<string, MessageDescriptor>)[code] ?? COMPANY_FIELD_TEXTS[code]
  return i18n._(known ?? COMPANY_FIELD_TEXTS.invalid!)
}
