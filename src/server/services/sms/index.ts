import type { SmsConfig } from '../../config.ts'
import { createSmsCatcher, type SmsCatcher } from './catcher.ts'
import { createNetgsm } from './netgsm.ts'
import type { SmsPort } from './port.ts'

/** The SMS adapter the configuration names: the built-in catcher, or Netgsm. */
export function createSms(config: SmsConfig): { sms: SmsPort; smsCatcher: SmsCatcher | null } {
  if (config.provider === 'netgsm' && config.netgsm) return { sms: createNetgsm(config.netgsm), smsCatcher: null }
  const smsCatcher = createSmsCatcher()
  return { sms: smsCatcher, smsCatcher }
}
