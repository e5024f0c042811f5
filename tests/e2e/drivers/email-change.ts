import type { Page, Route } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { emailChangeExpectations } from '../../machines/expectations/email-change.ts'
import { emailChangeModel } from '../../machines/models/email-change.model.ts'
import { TEST_ADMIN } from '../../support/constants.ts'
import type { GeneratedPath, PathStep } from '../../support/paths.ts'
import { caughtMail, type E2eServer } from '../server.ts'
import { addWizardOptions, apiSession } from '../staff.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

/**
 * The e-mail change page (/auth/email-change, issue 28 item 2) opened from the real mails: for each
 * path the superadmin makes a user through the API and changes their address, and the page opens
 * the link the new address (confirm) or the old one (cancel) received. The server's refusals are
 * its own: a link used through the API first (EMAIL_CHANGE_INVALID), an address another user
 * confirmed first (USER_EXISTS); only a network failure is the request cut off, and a request a path
 * ends on is held. A broken link is the page opened with a malformed fragment.
 */
type Api = Awaited<ReturnType<typeof apiSession>>
type Links = { confirm: string; cancel: string }
type Tab = { links: Links; action: 'confirm' | 'cancel'; rival: Links | null }

const admins = new WeakMap<E2eServer, { api: Api; jobTitleId: string; locationId: string; userRole: string }>()
const tabs = new WeakMap<Page, Tab>()
const paths = new WeakMap<Page, PathStep[]>()
let serial = 0

async function admin(server: E2eServer) {
  const known = admins.get(server)
  if (known) return known
  const api = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
  const options = async () => ({
    titles: ((await api.call('GET', `/company/jobtitle/${api.companyId}`)).body.items ?? []) as Array<{ jobtitleid: string }>,
    locations: ((await api.call('GET', '/company/locations')).body.items ?? []) as Array<{ addressid: string }>,
  })
  let { titles, locations } = await options()
  if (!titles.length || !locations.length) {
    await addWizardOptions(api)
    ;({ titles, locations } = await options())
  }
  const roles = (await api.call('GET', '/role?size=100')).body.items as Array<{ id: string; rolename: string }>
  const made = { api, jobTitleId: titles[0]!.jobtitleid, locationId: locations[0]!.addressid, userRole: roles.find((r) => r.rolename === 'ROLE_USER')!.id }
  admins.set(server, made)
  return made
}

/** A new user whose address the superadmin changes to `to`: the links the two mails carry. */
async function requestChange(server: E2eServer, to?: string): Promise<Links> {
  const a = await admin(server)
  const username = `eposta.${process.pid}.${++serial}`
  const email = `${username}@example.com`
  const newEmail = to ?? `yeni.${username}@example.com`
  const created = await a.api.call('POST', '/user', {
    personal: {
      username, firstName: 'Ece', lastName: 'Yıldız', gender: 'female', country: 'DE', nationalId: null, passportNo: `P${100000 + serial}`,
      jobTitleId: a.jobTitleId, workLocationId: a.locationId, email, mobilePhone: '0532 123 45 67', birthDate: '1990-05-17', mainRole: a.userRole, defaultRole: a.userRole,
    },
    address: { status: 'create', addressid: a.locationId, locationtype: 'x', locationname: 'x', countrycode: 'TR', citycode: null, districtcode: null, suburbcode: null, zipcode: null, addresstext: 'x' },
    groupRoles: { isAssigntoGroup: false, chosengroup: null, isAssigntoOtherGroup: false, selectedRoles: [], selectedMain: null },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const d = created.body
  const changed = await a.api.call('PUT', `/user/${String(d.id)}`, {
    firstName: d.firstName, lastName: d.lastName, gender: 'female', country: 'DE', nationalId: null, passportNo: d.passportNo, jobTitleId: a.jobTitleId,
    workLocationId: a.locationId, email: newEmail, mobilePhone: '0532 123 45 67', birthDate: '1990-05-17', version: d.version,
  })
  expect(changed.status, JSON.stringify(changed.body)).toBe(200)
  const link = async (to: string, subject: string) => {
    let text = ''
    await expect.poll(async () => (text = (await caughtMail(server.url, to)).find((m) => m.subject === subject)?.text ?? ''), { timeout: 15_000 }).not.toBe('')
    return /(\/auth\/email-change#(?:confirm|cancel)=[A-Za-z0-9_-]{43})/.exec(text)![1]!
  }
  return { confirm: await link(newEmail, 'Yeni e-posta adresinizi onaylayın'), cancel: await link(email, 'E-posta adresinizi değiştirme isteği') }
}

/** Uses a link through the API, as its owner would in another tab. */
async function useLink(server: E2eServer, link: string) {
  const [, kind, token] = /#(confirm|cancel)=(.+)$/.exec(link)!
  const res = await fetch(`${server.url}/api/v1/auth/${kind === 'confirm' ? 'confirmEmail' : 'cancelEmailChange'}`, {
    method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: JSON.stringify({ token }),
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

const SUBMITS = /\/api\/v1\/auth\/(confirmEmail|cancelEmailChange)$/

/** The answer the page's next request gets: held, cut off, refused by the server for real, or the server's success. */
async function arrange(page: Page, server: E2eServer, answer: PathStep | undefined) {
  const tab = tabs.get(page)!
  await page.unroute(SUBMITS)
  const e = answer?.event as (AnyEventObject & { error?: { code?: string } }) | undefined
  if (!e) await page.route(SUBMITS, () => { /* held: the path ends while sending */ })
  else if (e.type === 'xstate.error.actor.submitLink' && !e.error?.code) await page.route(SUBMITS, (route: Route) => route.abort('connectionrefused'))
  else if (e.error?.code === 'EMAIL_CHANGE_INVALID') await useLink(server, tab.links[tab.action])
  else if (e.error?.code === 'USER_EXISTS') await useLink(server, tab.rival!.confirm)
}

const firstAnswer = (path: GeneratedPath | { steps: PathStep[] }) => path.steps.find((s) => s.event.type.endsWith('.readLink'))?.event as AnyEventObject & { output?: { action: string } } | undefined
const takenAddress = (steps: PathStep[]) => steps.some((s) => (s.event as { error?: { code?: string } }).error?.code === 'USER_EXISTS')

export const emailChangeDriver: Driver = {
  id: 'emailChange',
  model: emailChangeModel,
  expectations: emailChangeExpectations,
  // the link is read at once: no path can end while reading; a cancellation cannot find the address taken
  feasible: (path) => !path.end.matches('reading') && !(firstAnswer(path)?.output?.action === 'cancel' && takenAddress(path.steps)),
  async open(page, path, server) {
    paths.set(page, path)
    const read = firstAnswer({ steps: path })
    if (read?.type === 'xstate.done.actor.readLink') {
      const action = read.output!.action as 'confirm' | 'cancel'
      // an address another user confirms first, when the path finds it taken
      const target = takenAddress(path) ? `ortak.${process.pid}.${++serial}@example.com` : undefined
      const links = await requestChange(server, target)
      tabs.set(page, { links, action, rival: target ? await requestChange(server, target) : null })
      await page.goto(links[action])
    } else {
      await page.goto('/auth/email-change#confirm=eksik')
    }
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.emailChange)
  },
  ignoreRest: (path) => path.end.matches('submitting') && path.steps.at(-1)?.event.type === 'link.submit',
  // the link's button pressed again while its request is on its way (held): disabled by the view, ignored by the machine
  async ignore(page, state, event) {
    if (state !== 'submitting' || event.type !== 'link.submit') return false
    return pressAgain(page.getByRole('button', { name: tabs.get(page)!.action === 'confirm' ? 'E-posta adresimi onayla' : 'Değişikliği iptal et' }))
  },
  async act(page, step, _next, server) {
    const path = paths.get(page)!
    const answer = path[path.indexOf(step) + 1]
    switch (step.event.type) {
      case 'link.submit':
        await arrange(page, server, answer)
        await page.getByRole('button', { name: tabs.get(page)!.action === 'confirm' ? 'E-posta adresimi onayla' : 'Değişikliği iptal et' }).click()
        return
      case 'retry':
        await arrange(page, server, answer)
        await page.getByRole('button', { name: 'Tekrar dene' }).click()
        return
      default:
        // the page's own answers (xstate.done/error.actor.*) come by themselves
        return
    }
  },
}
