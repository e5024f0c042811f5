import type { Db } from '../db/client.ts'
import { notificationSettings } from './settings.ts'

/**
 * Whether the company sends e-mail notices (its `emailNotification` flag): welcome and
 * re-activation mails, and the other notices, are queued only when it is on. Mail a person asked
 * for (a forgotten password) is not a notice and is not gated.
 */
export async function emailNotificationsOn(db: Db, companyId: string): Promise<boolean> {
  return (await notificationSettings(db, companyId)).emailNotification
}
