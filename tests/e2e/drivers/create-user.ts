import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import type { AnyEventObject } from 'xstate'
import { createUserExpectations } from '../../machines/expectations/create-user.ts'
import { createUserModel } from '../../machines/models/create-user.model.ts'
import { TEST_ADMIN } from '../../support/constants.ts'
import { DRAFT_KEY } from '../../../src/web/flows/create-user-draft.ts'
import type { PathStep } from '../../support/paths.ts'
import type { E2eServer } from '../server.ts'
import { addWizardOptions, apiSession, signIn } from '../staff.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

let optionsFor: string | null = null
/** The company's job title and location the wizard offers, made once per server. */
async function companyOptions(server: E2eServer) {
  if (optionsFor === server.url) return
  await addWizardOptions(await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password))
  optionsFor = server.url
}

type ModelDraft = { step: string; personal: Record<string, unknown>; address: Record<string, unknown>; groupRoles: { selectedRoles: Array<{ roleId: string; validTo: string }> } & Record<string, unknown> }

/** The real ids and codes the model's stand for (job title, work location, roles, a province and district, a location type). */
async function realValues(server: E2eServer) {
  const session = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
  const c = session.companyId
  const titles = (await session.call('GET', `/company/jobtitle/${c}`)).body as unknown as { items: Array<{ jobtitleid: string; jobtitle: string }> }
  const places = (await session.call('GET', `/party/address?entityname=company&entityid=${c}`)).body as unknown as { items: Array<{ addressid: string; locationname: string }> }
  const roles = (await session.call('GET', `/role/${c}`)).body as unknown as { items: Array<{ id: string; rolename: string }> }
  const types = (await session.call('GET', '/lookup/locationTypes')).body as unknown as Array<{ value: string }>
  const cities = (await session.call('GET', '/lookup/cities?countryCode=TR')).body as unknown as Array<{ value: string }>
  const districts = (await session.call('GET', `/lookup/districts?countryCode=TR&cityCode=${cities[0]!.value}`)).body as unknown as Array<{ value: string }>
  const role = (name: string) => roles.items.find((r) => r.rolename === name)!.id
  return {
    jobTitleId: titles.items.find((t) => t.jobtitle === 'Uzman')!.jobtitleid,
    workLocationId: places.items.find((p) => p.locationname === 'Genel Müdürlük')!.addressid,
    ROLE_USER: role('ROLE_USER'), ROLE_ADMIN: role('ROLE_ADMIN'),
    locationtype: types[0]!.value, citycode: cities[0]!.value, districtcode: districts[0]!.value,
  }
}

/** The model's draft with the real ids in place of the model's (what the wizard itself would have saved). */
function realDraft(d: ModelDraft, real: Awaited<ReturnType<typeof realValues>>) {
  const personal = { ...d.personal }
  if (personal.jobTitleId) Object.assign(personal, { jobTitleId: real.jobTitleId, workLocationId: real.workLocationId, mainRole: real.ROLE_USER, defaultRole: real.ROLE_USER })
  const address = { ...d.address }
  if (address.citycode) Object.assign(address, { locationtype: real.locationtype, citycode: real.citycode, districtcode: real.districtcode })
  const groupRoles = { ...d.groupRoles, selectedRoles: d.groupRoles.selectedRoles.map((r) => ({ ...r, roleId: real.ROLE_ADMIN })) }
  return { step: d.step, personal, address, groupRoles }
}

/**
 * What the tab holds before the wizard opens, as the path's first answer says: no draft, a draft
 * (written as the wizard writes it, for the person signed in), or one that cannot be read.
 */
async function arrangeDraft(page: Page, first: PathStep | undefined, server: E2eServer) {
  const e = first?.event as (AnyEventObject & { output?: ModelDraft | null }) | undefined
  let text: string | null = null
  if (e?.type === 'xstate.error.actor.loadDraft') text = '{not json'
  else if (e?.type === 'xstate.done.actor.loadDraft' && e.output) text = JSON.stringify({ draft: realDraft(e.output, await realValues(server)) })
  await page.evaluate(({ key, text }) => {
    if (text === null) { sessionStorage.removeItem(key); return }
    const stored = JSON.parse(text.startsWith('{not') ? '{}' : text) as Record<string, unknown>
    const owner = `${localStorage.getItem('companyId')}/${(JSON.parse(localStorage.getItem('session') ?? '{}') as { username?: string }).username}`
    sessionStorage.setItem(key, text.startsWith('{not') ? text : JSON.stringify({ owner, ...stored }))
  }, { key: DRAFT_KEY, text })
}

/** The create-user wizard at /navbar/settings/users/new, signed in as the superadmin; the tab's draft as the path's first answer says. */
export const createUserDriver: Driver = {
  id: 'createUser',
  model: createUserModel,
  expectations: createUserExpectations,
  // the test company has no group yet, so "assign to a group now" cannot be answered yes (the box is
  // disabled and says why); the step's other rules (an other-group role without a date) take the same transitions
  feasible: (path) => path.steps.every((s) => (s.event as AnyEventObject & { values?: { isAssigntoGroup?: boolean } }).values?.isAssigntoGroup !== true),
  // "Geri" pressed while the user is being created (the request held): nothing can be changed meanwhile
  async ignore(page, state, event) {
    if (state !== 'creating' || event.type !== 'step.back') return false
    return pressAgain(page.getByRole('button', { name: 'Geri' }))
  },
  async open(page, path, server) {
    await companyOptions(server)
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
    await page.waitForURL((u) => !u.pathname.startsWith('/auth/'))
    await arrangeDraft(page, path[0], server)
    await page.goto('/navbar/settings/users/new')
    await page.waitForFunction(() => {
      const live = (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.createUser
      return live != null && live.value !== 'restoring'
    })
  },
  async act(page, step, next) {
    const e = step.event as AnyEventObject & { values?: Record<string, unknown> }
    // the tab's draft was put in place before the wizard opened
    if (e.type.startsWith('xstate.done.actor.loadDraft') || e.type.startsWith('xstate.error.actor.loadDraft')) return
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
    } else if (e.type === 'wizard.cancel') {
      await page.getByRole('button', { name: 'Vazgeç', exact: true }).click()
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
}
