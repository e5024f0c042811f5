/**
 * The model in the real browser (ARCHITECTURE.md §4): for each machine with a driver below, the
 * covering paths of its model (together they take every transition) are replayed in Chromium
 * against the real server, and at every step the screen is checked against the expectations of
 * the state the path is in (tests/machines/expectations). Transition coverage is measured from the
 * live actors through the opt-in inspection hook (src/web/inspector.ts, `window.__e2eCoverage`)
 * and must be 100% per machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { forgotPasswordExpectations } from '../machines/expectations/forgot-password.ts'
import { forgotPasswordModel } from '../machines/models/forgot-password.model.ts'
import { paymentResultExpectations } from '../machines/expectations/payment-result.ts'
import { paymentResultModel } from '../machines/models/payment-result.model.ts'
import { TEST_CARDS } from '../../src/server/services/gateway/bank-simulator.ts'
import { activePaths, type Expectations, type Screen } from '../support/expectations.ts'
import type { Model } from '../support/model-test.ts'
import { allTransitions, coveringPaths, generatePaths, type PathStep } from '../support/paths.ts'
import { launch, type Browser } from './browser.ts'
import { DEMO_PASSWORD, startE2eServer, type E2eServer } from './server.ts'
import { addWizardOptions, apiSession } from './staff.ts'
import { passwordChangeExpectations } from '../machines/expectations/password-change.ts'
import { passwordChangeModel } from '../machines/models/password-change.model.ts'
import { orderDateOf } from '../../src/domain/card/order-id.ts'
import { createUserExpectations } from '../machines/expectations/create-user.ts'
import { createUserModel } from '../machines/models/create-user.model.ts'
import { TEST_ADMIN } from '../support/constants.ts'

type Coverage = Record<string, { taken: string[]; value: unknown; status: string }>

/** How the browser performs a path's events for one machine. */
type Driver = {
  /** The machine's id (its key in window.__e2eCoverage). */
  id: string
  model: Model
  expectations: Expectations
  /** Opens the machine's screen, arranging what the path's first answers need. */
  open(page: Page, path: PathStep[], server: E2eServer): Promise<void>
  /** Performs one event; `next` is the step after it (to arrange the server's answer). */
  act(page: Page, step: PathStep, next: PathStep | undefined, server: E2eServer): Promise<void>
}

const isAnswer = (e: AnyEventObject | undefined) => !!e && /^xstate\.(done|error)\.actor\./.test(e.type)

const DRIVERS: Driver[] = [
  {
    id: 'passwordChange',
    model: passwordChangeModel,
    expectations: passwordChangeExpectations,
    async open(page) {
      // the demo user whose password has expired: sign-in opens the change form
      await page.goto('/auth/login')
      await page.locator('input[name=username]').fill('elif.kaya')
      await page.locator('input[name=password]').fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: 'Giriş Yap' }).click()
      await page.waitForURL('**/auth/password-expired')
    },
    async act(page, step, next) {
      const e = step.event as AnyEventObject & Record<string, string>
      if (e.type === 'field.change') await page.locator(`input[name=${e.field}]`).fill(e.value!)
      if (e.type === 'form.submit') {
        // the model's old password is not elif's: it is refused, unless the path wants it accepted
        const old = next?.event.type === 'xstate.done.actor.changePassword' ? DEMO_PASSWORD : e.oldPassword!
        await page.locator('input[name=oldPassword]').fill(old)
        await page.locator('input[name=newPassword]').fill(e.newPassword!)
        await page.locator('input[name=confirmPassword]').fill(e.confirmPassword!)
        await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
      }
      if (e.type === 'form.cancel') await page.getByRole('button', { name: 'Vazgeç' }).click()
    },
  },
  {
    id: 'forgotPassword',
    model: forgotPasswordModel,
    expectations: forgotPasswordExpectations,
    open: async (page) => { await page.goto('/auth/forgot-password') },
    async act(page, step, next, server) {
      const e = step.event as AnyEventObject & { email?: string }
      if (e.type === 'form.submit') {
        // the path wants the request refused: use up this address's allowance on the real server
        if (next?.event.type === 'xstate.error.actor.requestTemporaryPassword') {
          for (let i = 0; i < 20; i++) {
            await fetch(`${server.url}/api/v1/auth/forgotPassword`, {
              method: 'POST', headers: { 'content-type': 'application/json', trxType: 'forgotPassword' }, body: JSON.stringify({ email: `x${i}@example.com` }),
            })
          }
        }
        await page.locator('input[name=email]').fill(e.email ?? '')
        await page.getByRole('button', { name: 'Geçici Şifre Gönder' }).click()
      } else if (e.type === 'form.back') {
        await page.getByRole('button', { name: 'Giriş ekranına dön' }).click()
      }
      // server answers (xstate.done/error.actor.*) come by themselves
    },
  },
  {
    id: 'paymentResult',
    model: paymentResultModel,
    expectations: paymentResultExpectations,
    async open(page, path, server) {
      const first = path[0]?.event as AnyEventObject & { output?: unknown }
      await page.goto('/')
      if (first.type === 'xstate.done.actor.fetchOutcome' && first.output !== null) {
        // an order the bank has not answered yet, started on the real gateway; this tab keeps its receipt
        const order = await startOrder(server)
        ORDERS.set(page, order)
        await page.evaluate(([key, value]) => sessionStorage.setItem(key!, value!), [RESULT_KEY, JSON.stringify({ orderId: order.orderId, receipt: order.receipt })])
      }
      await page.goto('/result/success')
    },
    async act(page, step, next, server) {
      const outcome = '**/moneyio/collection/posIP3D/order/**'
      if (next?.event.type === 'xstate.error.actor.fetchOutcome') await page.route(outcome, (route) => route.abort('connectionrefused'))
      if (step.event.type === 'retry') {
        await page.unroute(outcome)
        // the path wants a settled order now: the bank answers
        const o = next?.event as (AnyEventObject & { output?: { status?: string } }) | undefined
        if (o?.output?.status === 'succeeded') await approve(server, ORDERS.get(page)!)
        await page.getByRole('button', { name: 'Tekrar dene' }).click()
      }
    },
  },
  {
    id: 'createUser',
    model: createUserModel,
    expectations: createUserExpectations,
    async open(page, _path, server) {
      await companyOptions(server)
      await page.goto('/auth/login')
      await page.locator('input[name=username]').fill(TEST_ADMIN.username)
      await page.locator('input[name=password]').fill(TEST_ADMIN.password)
      await page.getByRole('button', { name: 'Giriş Yap' }).click()
      await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
      await page.goto('/navbar/settings/users/new')
      await page.getByRole('heading', { level: 2, name: 'Kişisel Bilgiler' }).waitFor()
    },
    async act(page, step, next) {
      const e = step.event as AnyEventObject & { values?: Record<string, unknown> }
      const v = e.values ?? {}
      const fill = (name: string, value: unknown) => page.locator(`input[name=${name}]`).fill(String(value))
      if (e.type === 'personal.change') {
        for (const name of ['username', 'firstName', 'lastName', 'nationalId', 'email', 'mobilePhone', 'birthDate']) if (name in v) await fill(name, v[name])
        if ('gender' in v) {
          await page.locator('select[name=gender]').selectOption(String(v.gender))
          await page.locator('select[name=jobTitleId]').selectOption({ label: 'Uzman' })
          await page.locator('select[name=workLocationId]').selectOption({ label: 'Genel Müdürlük' })
          await page.locator('select[name=mainRole]').selectOption({ label: 'ROLE_USER' })
          await page.locator('select[name=defaultRole]').selectOption({ label: 'ROLE_USER' })
        }
      } else if (e.type === 'address.change') {
        if ('locationname' in v) {
          // the model's codes stand for any province and district of the reference data
          await page.locator('select[name=locationtype]').selectOption({ index: 1 })
          await fill('locationname', v.locationname)
          for (const name of ['citycode', 'districtcode']) {
            const select = page.locator(`select[name=${name}]`)
            await expect.poll(() => select.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1)
            await select.selectOption({ index: 1 })
          }
          await fill('zipcode', v.zipcode)
        }
        if ('addresstext' in v) await fill('addresstext', v.addresstext)
      } else if (e.type === 'groupRoles.change') {
        const box = (name: string, on: boolean) => page.locator(`input[name=${name}]`).setChecked(on)
        if ('isAssigntoGroup' in v) await box('isAssigntoGroup', v.isAssigntoGroup === true)
        if ('isAssigntoOtherGroup' in v) await box('isAssigntoOtherGroup', v.isAssigntoOtherGroup === true)
        const roles = (v.selectedRoles ?? null) as Array<{ validTo: string }> | null
        if (roles && roles.length > 0) {
          await page.getByRole('checkbox', { name: 'ROLE_ADMIN' }).check()
          // a date after today whatever day the test runs
          await fill('selectedValid', roles[0]!.validTo ? '2099-12-31' : '')
        }
      } else if (e.type === 'step.next') {
        await page.getByRole('button', { name: 'İleri' }).click()
      } else if (e.type === 'step.back') {
        await page.getByRole('button', { name: 'Geri' }).click()
      } else if (e.type === 'form.submit') {
        // the path decides the answer: a refusal of the model's, the real creation, or none yet
        await page.unroute('**/api/v1/user')
        const answer = next?.event as (AnyEventObject & { error?: { code: string; issues?: unknown[] } }) | undefined
        if (answer?.type === 'xstate.error.actor.createUser') {
          const status = answer.error!.code === 'FORBIDDEN' ? 403 : answer.error!.code === 'USER_EXISTS' ? 409 : 400
          await page.route('**/api/v1/user', (route) => route.fulfill({
            status, contentType: 'application/json', body: JSON.stringify({ code: answer.error!.code, message: answer.error!.code, ...(answer.error!.issues ? { issues: answer.error!.issues } : {}) }),
          }))
        } else if (!answer) {
          await page.route('**/api/v1/user', () => { /* held: the path ends while creating */ })
        }
        await page.getByRole('button', { name: /Kullanıcıyı Oluştur|Tekrar Dene/ }).click()
      }
    },
  },
]

let optionsFor: string | null = null
/** The company's job title and location the wizard offers, made once per server. */
async function companyOptions(server: E2eServer) {
  if (optionsFor === server.url) return
  await addWizardOptions(await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password))
  optionsFor = server.url
}

const ORDERS = new WeakMap<Page, { orderId: string; receipt: string; html: string }>()
const CARD = TEST_CARDS.find((c) => c.scenario === 'success')!.number
let seq = 500
/** src/web/flows/payment.ts RESULT_KEY (that module loads the browser's catalogs, so it is not imported here). */
const RESULT_KEY = 'ke-payment'

/** Starts a payment on the real gateway, as the card form would. */
async function startOrder(server: E2eServer) {
  const res = await fetch(`${server.url}/api/v1/moneyio/collection/posIP3D/Gateway`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', trxType: 'FRM', origin: server.url, provision: 'true', companyId: '' },
    body: JSON.stringify({
      servicingBank: '0062', payway: 'CC', orderId: `KEM${orderDateOf(new Date())}${CARD.slice(0, 6)}${seq++}`, amount: 1250.5, currency: 'TRY',
      ccNumber: CARD, expireDate: '1230', cvv: '123', customerName: 'Ayşe Yılmaz', installment: 3, inquiryValue: null, span: null,
      OkUrl: `${server.url}/result/success`, FailUrl: `${server.url}/result/error`,
    }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { orderId: string; receipt: string; html: string }
}

function hidden(html: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]!] = m[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>')
  }
  return out
}

/** The bank simulator approves the order with its one-time code, and its signed callback reaches the server. */
async function approve(server: E2eServer, order: { html: string }) {
  const post = (url: string, f: Record<string, string>) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(f).toString() })
  const action = (html: string) => /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&')
  const absolute = (u: string) => (u.startsWith('http') ? u : server.url + u)
  const bank = await (await post(absolute(action(order.html)), hidden(order.html))).text()
  const otp = /data-testid="otp-code">(\d{6})</.exec(bank)![1]!
  const txn = /name="txn" value="([^"]+)"/.exec(bank)![1]!
  const back = await (await post(`${server.url}/api/v1/banksim/3d/confirm`, { txn, otp, action: 'approve' })).text()
  await post(absolute(action(back)), hidden(back))
}

async function coverage(page: Page): Promise<Coverage> {
  return page.evaluate(() => (window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage)
}

async function checkScreen(page: Page, screen: Screen, where: string) {
  for (const text of screen.texts ?? []) {
    await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => { throw new Error(`${where}: "${text}" is not on the screen`) })
  }
  for (const name of screen.enabled ?? []) {
    expect(await page.getByRole('button', { name }).first().isEnabled(), `${where}: "${name}" enabled`).toBe(true)
  }
  for (const name of screen.disabled ?? []) {
    expect(await page.getByRole('button', { name }).first().isDisabled(), `${where}: "${name}" disabled`).toBe(true)
  }
  for (const text of screen.absent ?? []) {
    expect(await page.getByText(text, { exact: false }).filter({ visible: true }).count(), `${where}: "${text}" must not show`).toBe(0)
  }
}

describe('statechart paths in the browser (real server, Chromium)', () => {
  const started = Date.now()
  const report: string[] = []
  let server: E2eServer
  let b: Browser
  // one server of this file's own (paths use up a rate limit and change a demo user's password)
  beforeAll(async () => {
    server = await startE2eServer('model-paths')
    b = await launch({ baseUrl: server.url })
    await b.context.addInitScript(() => { (window as unknown as { __e2eCoverage: object }).__e2eCoverage = {} })
  })
  afterAll(async () => {
    await b?.close()
    await server?.stop()
  })

  for (const driver of DRIVERS) {
    describe(driver.model.name, () => {
      const taken = new Set<string>()
      const covering = coveringPaths(driver.model, generatePaths(driver.model))

      afterAll(() => {
        const total = allTransitions(driver.model.machine)
        const covered = [...total.keys()].filter((k) => taken.has(k))
        report.push(`${driver.model.name.padEnd(18)} paths ${covering.length}  transitions ${covered.length}/${total.size} (${Math.round((covered.length / total.size) * 1000) / 10}%) in the browser`)
        expect([...total.keys()].filter((k) => !taken.has(k)), `${driver.model.name}: transitions no browser path took`).toEqual([])
      })

      it.each(covering.map((p, i) => [i + 1, p.steps.map((s) => s.event.type).join(' > '), p] as const))('path %i: %s', async (_i, _label, path) => {
        // a fresh origin state per path: new cookies and storage
        await b.context.clearCookies()
        const page = await b.context.newPage()
        try {
          await driver.open(page, path.steps, server)
          for (const [i, step] of path.steps.entries()) {
            const next = path.steps[i + 1]
            await driver.act(page, step, next, server)
            // a busy state the server leaves at once is checked through the coverage only
            if (isAnswer(next?.event)) continue
            const where = `step ${i + 1} (${step.event.type})`
            const want = JSON.stringify(step.state.value)
            await page.waitForFunction(([id, v]) => JSON.stringify((window as unknown as { __e2eCoverage: Coverage }).__e2eCoverage[id!]?.value) === v, [driver.id, want], { timeout: 15_000 })
              .catch(async () => { throw new Error(`${where}: the live actor is in ${JSON.stringify((await coverage(page))[driver.id]?.value)}, the path expects ${want}`) })
            for (const state of activePaths(step.state)) {
              const s = driver.expectations.states[state]?.screen
              if (s) await checkScreen(page, typeof s === 'function' ? s(step.state.context) : s, `${where} in "${state}"`)
            }
          }
          for (const key of (await coverage(page))[driver.id]?.taken ?? []) taken.add(key)
        } finally {
          await page.close()
        }
      })
    })
  }

  afterAll(() => {
    console.log(`\nbrowser model replay (${((Date.now() - started) / 1000).toFixed(1)} s):\n${report.join('\n')}`)
  })
})
