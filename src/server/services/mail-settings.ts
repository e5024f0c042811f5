import type { Db } from '../db/client.ts'
import type { CompanyMailServer, MailCatcher, SmtpSettings } from './mail.ts'
import { allowList, checkMailServer } from './mail-host.ts'
import { open } from './secrets.ts'
import { readSetting } from './settings.ts'

/** The company's mail-server settings (spec 3.1), as the settings screen stores them. */
export type MailServerSetting = CompanyMailServer

export const DEFAULT_MAIL_SERVER: MailServerSetting = {
  host: '', port: 587, security: 'starttls', authRequired: true, user: '', passwordSealed: '', from: '',
}

const DEFAULT_FROM = 'no-reply@katilim.example'

/**
 * Where a company's mail goes: its own SMTP server when one is configured, else the built-in
 * catcher (development, demos, tests), else nowhere (an error the caller logs). A company server is
 * checked again at every send (./mail-host.ts: public, SMTP port, unless MAIL_SERVER_ALLOW lists
 * it) and reached at the address that was checked.
 */
export function mailSettingsResolver(db: Db, catcher: MailCatcher | null, secretsKey: Buffer, allow: readonly string[] = []) {
  const allowed = allowList(allow)
  return async (companyId?: string, override?: MailServerSetting): Promise<SmtpSettings> => {
    if (companyId) {
      const s = override ?? await readSetting(db, companyId, 'mailServer', DEFAULT_MAIL_SERVER)
      if (s.host) {
        const checked = await checkMailServer(s.host, s.port, allowed)
        if (!checked.ok) throw Object.assign(new Error(`the company's mail server is refused (${checked.code})`), { code: 'EREFUSEDHOST' })
        return {
          host: checked.address,
          servername: checked.servername,
          port: s.port,
          secure: s.security,
          auth: s.authRequired ? { user: s.user, pass: s.passwordSealed ? open(s.passwordSealed, secretsKey) : '' } : null,
          from: s.from || DEFAULT_FROM,
        }
      }
    }
    if (catcher) return catcher.settings(DEFAULT_FROM)
    throw new Error('no SMTP server configured: set the company mail-server settings, or MAIL_CATCHER=true')
  }
}
