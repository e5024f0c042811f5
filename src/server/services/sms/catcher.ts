import type { SmsMessage, SmsPort } from './port.ts'

export type CaughtSms = SmsMessage & { id: string; at: string }

/** The built-in catcher: nothing leaves the machine; GET /dev/sms shows what was "sent". */
export type SmsCatcher = SmsPort & { readonly messages: CaughtSms[] }

const KEEP = 500

export function createSmsCatcher(now: () => Date = () => new Date()): SmsCatcher {
  const messages: CaughtSms[] = []
  return {
    kind: 'catcher',
    messages,
    async send(message) {
      const id = crypto.randomUUID()
      messages.push({ ...message, id, at: now().toISOString() })
      if (messages.length > KEEP) messages.splice(0, messages.length - KEEP)
      return { id }
    },
  }
}
