import { Hono, type Context } from 'hono'
import { myConsentsRequestSchema, withdrawConsentSchema, type MyConsentsView } from '../../domain/schemas/my-consents.ts'
import type { AppEnv } from '../types.ts'
import { AppError } from '../errors.ts'
import { readJson } from '../http.ts'
import { salesOfPhone, withdrawConsent } from '../services/my-consents.ts'
import { publicRoute } from '../services/route-access.ts'
import { requireCustomHeaders } from '../services/sessions.ts'
import { readLiveTicket } from '../services/sms/codes.ts'
import { smsKey } from './notification.ts'

/**
 * The customer's consent page (issue 24 item 10, KVKK art. 11; docs/decisions/consents.md "The
 * customer's consent page"): a phone verified by SMS for this page (a ticket of purpose
 * `consents`) reads the consents recorded from that phone, and withdraws an explicit consent it
 * gave. A withdrawal is a new record of legal_permission (the staff's "Rıza kayıtları" show it as
 * its own row) with the same proof as the consent: the document and version, the language and the
 * SHA-256 of the text, the time, IP, user agent, channel and request id. Records are reached only
 * through the verified phone: an id of another phone's record is "not found".
 */
async function verifiedPhone(c: Context<AppEnv>, ticket: string): Promise<string> {
  const { config, clock, db } = c.get('deps')
  const proof = await readLiveTicket(db, smsKey(config.secretsKey), ticket, clock.now())
  if (!proof || proof.purpose !== 'consents') throw new AppError(401, 'SMS_TICKET_INVALID')
  return proof.phone
}

export function myConsentsRoutes() {
  const r = new Hono<AppEnv>()
  // public like the other sales calls (the SMS ticket is the proof); writes carry the custom header
  r.use('*', publicRoute(), requireCustomHeaders)

  /** The verified phone's consents, per application (POST: the ticket stays out of addresses and logs). */
  r.post('/', async (c) => {
    const body = await readJson(c, myConsentsRequestSchema)
    const phone = await verifiedPhone(c, body.ticket)
    c.header('Cache-Control', 'no-store')
    const view: MyConsentsView = { phone, sales: await salesOfPhone(c.get('deps').db, phone, c.get('locale')) }
    return c.json(view)
  })

  /**
   * Withdraws the consent whose newest record is `id` (services/my-consents.ts): once, however
   * many parallel requests; the record and its audit entry in one transaction.
   */
  r.post('/withdraw', async (c) => {
    const body = await readJson(c, withdrawConsentSchema)
    const phone = await verifiedPhone(c, body.ticket)
    const view = await withdrawConsent(c, phone, body.id)
    c.header('Cache-Control', 'no-store')
    return c.json(view, 201)
  })
  return r
}
