import { SmsSendError, type SmsPort } from './port.ts'

/**
 * Netgsm's REST v2 send API (https://www.netgsm.com.tr/dokuman, "SMS Gönderimi - REST v2"):
 *   POST {SMS_API_URL}  (default https://api.netgsm.com.tr/sms/rest/v2/send)
 *   Authorization: Basic base64(usercode:password), Content-Type: application/json
 *   { "msgheader": "<approved sender name>", "encoding": "TR", "iysfilter": "0",
 *     "messages": [{ "msg": "<text>", "no": "5xxxxxxxxx" }] }
 * answers JSON { code, description, jobid }: code "00" is accepted (jobid is the message id);
 * "20" message text problem or too long, "30" wrong credentials / no API access / IP not allowed,
 * "40" sender name not defined, "50"/"51" IYS account problems, "70" invalid request,
 * "80" sending limit exceeded, "85" the same number more than 20 times in a minute.
 * `iysfilter: "0"` marks the message informational (a one-time code is not a commercial message).
 */
export const NETGSM_DEFAULT_URL = 'https://api.netgsm.com.tr/sms/rest/v2/send'

const DESCRIPTIONS: Record<string, string> = {
  '20': 'message text problem or too long',
  '30': 'invalid credentials, no API access or IP not allowed',
  '40': 'sender name (msgheader) not defined',
  '50': 'IYS-controlled sending not allowed for this account',
  '51': 'no IYS brand for this account',
  '70': 'invalid request or missing parameter',
  '80': 'sending limit exceeded',
  '85': 'duplicate sending limit (same number > 20 times a minute)',
}

export type NetgsmConfig = { url: string; username: string; password: string; sender: string; timeoutMs?: number }

/** '+905321234567' -> '5321234567' (Netgsm's national form). */
export function netgsmNumber(e164: string): string {
  return e164.replace(/^\+90/, '')
}

export function createNetgsm(config: NetgsmConfig, fetchImpl: typeof fetch = fetch): SmsPort {
  const auth = 'Basic ' + Buffer.from(`${config.username}:${config.password}`).toString('base64')
  return {
    kind: 'netgsm',
    async send({ to, text }) {
      let res: Response
      try {
        res = await fetchImpl(config.url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ msgheader: config.sender, encoding: 'TR', iysfilter: '0', messages: [{ msg: text, no: netgsmNumber(to) }] }),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        })
      } catch (error) {
        throw new SmsSendError('NETWORK', error instanceof Error ? error.message : String(error))
      }
      type Answer = { code?: unknown; jobid?: unknown; description?: unknown }
      const body = (await res.json().catch(() => null)) as Answer | null
      const code = typeof body?.code === 'string' ? body.code : `HTTP_${res.status}`
      if (res.ok && code === '00' && typeof body?.jobid === 'string' && body.jobid) return { id: body.jobid }
      throw new SmsSendError(code, DESCRIPTIONS[code] ?? (typeof body?.description === 'string' ? body.description : 'unexpected answer'))
    },
  }
}
