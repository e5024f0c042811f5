import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import type { DocumentCheck } from '../../../src/domain/document-code.ts'
import { documentCheckExpectations } from '../../machines/expectations/document-check.ts'
import { documentCheckModel } from '../../machines/models/document-check.model.ts'
import { caughtMail, type E2eServer } from '../server.ts'
import { approve, startOrder } from './bank.ts'
import { buyOnServer, isoIn, PERSON } from './purchase.ts'
import type { Driver } from './types.ts'

/** A well-formed code no document has, and a text that cannot be a code (an O and 11 characters). */
export const UNKNOWN_CODE = 'ZZZZ-2222-ZZZZ'
export const MALFORMED_CODE = 'OOPS-1234'

export type IssuedDocument = { code: string; check: DocumentCheck; email: string }
const ISSUED = new WeakMap<E2eServer, Map<number, Promise<IssuedDocument>>>()

/**
 * A travel policy bought and paid on the real server (SMS, application, consents, pre-information
 * form, card payment approved by the bank simulator), its verification code read from the mail the
 * customer got, and its key facts as the public check answers them. Once per server and start: the
 * trip starts in `startsIn` days (5: a valid policy whose cover has not started; 0: one in force today).
 */
export function issuedDocument(server: E2eServer, startsIn = 5): Promise<IssuedDocument> {
  const byStart = ISSUED.get(server) ?? new Map<number, Promise<IssuedDocument>>()
  ISSUED.set(server, byStart)
  let p = byStart.get(startsIn)
  if (!p) {
    p = (async () => {
      const email = `belge.${startsIn}.${Date.now()}@example.com`
      const id = await buyOnServer(server, 'seyahatsaglik', {
        personalProfile: { ...PERSON, email, userphone: '05321234567' },
        travelPlan: { birthdate: PERSON.birthdate, gender: 'female', travelLocation: 'schengen', travelLength: 10, covid: false, coverageType: 'standard', startDate: isoIn(startsIn), endDate: isoIn(startsIn + 9) },
      })
      await approve(server, await startOrder(server, id))
      let text = ''
      await expect.poll(async () => (text = (await caughtMail(server.url, email)).map((m) => m.text).join('\n')), { timeout: 30_000 }).toMatch(/doğrulama kodu [0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)
      const code = /doğrulama kodu ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)![1]!
      const res = await fetch(`${server.url}/api/v1/digitalchannels/documents/verify/${code}`, { headers: { 'x-forwarded-for': '10.99.0.1' } })
      expect(res.status).toBe(200)
      return { code, check: (await res.json()) as DocumentCheck, email }
    })()
    byStart.set(startsIn, p)
  }
  return p
}

/** The real document the page's screens show, per page (screenContext is synchronous). */
const REAL = new WeakMap<Page, DocumentCheck>()
const CHECK = '**/digitalchannels/documents/verify/**'
type Answer = AnyEventObject & { output?: { missing?: string }; error?: { code?: string } }

/**
 * The replay checks a policy in force today (its trip starts today), so that the found state's heading is
 * "Geçerli poliçe: yürürlükte", the model's; tests/e2e/document-check.e2e.test.ts checks one not started yet.
 */
const IN_FORCE_TODAY = 0

/** A well-formed code whose check the driver holds or cuts off (no answer of it is ever shown). */
const HELD_CODE = 'YYYY-3333-YYYY'

/**
 * The code to put in the address or the form so that the server gives the answer the path wants
 * next, written differently from the address's when it is the same code (with or without its
 * hyphens), so that submitting it is a new address and a new check.
 */
async function codeFor(server: E2eServer, next: Answer | undefined, current: string | null = null): Promise<string> {
  let code = (await issuedDocument(server, IN_FORCE_TODAY)).code
  if (next?.type === 'xstate.done.actor.checkDocument') {
    if (next.output?.missing === 'malformed') code = MALFORMED_CODE
    if (next.output?.missing === 'unknown') code = UNKNOWN_CODE
  } else code = HELD_CODE
  return current === code ? code.replace(/-/g, '') : code
}

/**
 * How the page's next check is answered: the real server's answer when the path's next step is an
 * answer, cut off when it is a failure, held otherwise (the path acts while loading, or ends there).
 * One route per page: a held request stays held when the plan changes.
 */
type Mode = 'real' | 'fail' | 'hold'
function modeFor(next: Answer | undefined): Mode {
  if (next?.type === 'xstate.done.actor.checkDocument') return 'real'
  if (next?.type === 'xstate.error.actor.checkDocument') return 'fail'
  return 'hold'
}
const PLANS = new WeakMap<Page, { mode: Mode }>()
async function arrange(page: Page, next: Answer | undefined) {
  const mode = modeFor(next)
  const known = PLANS.get(page)
  if (known) { known.mode = mode; return }
  const plan = { mode }
  PLANS.set(page, plan)
  await page.route(CHECK, (route) => {
    if (plan.mode === 'fail') return route.abort('connectionrefused')
    if (plan.mode === 'hold') return undefined
    return route.fallback()
  })
}

/** `/dogrula/<code>` (issue 24 item 5): the address's code, then codes typed in the page's form. */
export const documentCheckDriver: Driver = {
  id: 'documentCheck',
  model: documentCheckModel,
  expectations: documentCheckExpectations,
  // a refusal for too many checks from this address is proven in tests/e2e/document-check.e2e.test.ts (its own server)
  feasible: (path) => path.steps.every((s) => (s.event as Answer).error?.code !== 'RATE_LIMITED'),
  ignoreNone: "its only ignored event, retry, comes from \"Tekrar dene\", which the page shows in the failed state alone (where retry is taken)",
  async open(page, path, server) {
    const first = path[0]?.event as Answer | undefined
    const real = (await issuedDocument(server, IN_FORCE_TODAY)).check
    expect(real.status, 'the replay\'s document is in force today').toBe('inForce')
    REAL.set(page, real)
    await arrange(page, first)
    await page.goto(`/dogrula/${await codeFor(server, first)}`)
  },
  async act(page, step, next, server) {
    if (step.event.type.startsWith('xstate.')) return
    await arrange(page, next?.event as Answer | undefined)
    if (step.event.type === 'retry') await page.getByRole('button', { name: 'Tekrar dene' }).click()
    if (step.event.type === 'code.change') {
      const current = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '')
      await page.getByLabel('Doğrulama kodu').fill(await codeFor(server, next?.event as Answer | undefined, current))
      await page.getByRole('button', { name: 'Sorgula' }).click()
    }
  },
  // the page shows the real document's number and masked holder, not the model's
  screenContext(page, context) {
    const real = REAL.get(page)
    return context.check && real ? { ...context, check: { ...context.check, number: real.number, holder: real.holder, nationalId: real.nationalId, status: real.status } } : context
  },
}
