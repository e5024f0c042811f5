import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { createUserExpectations } from '../../machines/expectations/create-user.ts'
import { createUserModel } from '../../machines/models/create-user.model.ts'
import { TEST_ADMIN } from '../../support/constants.ts'
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

/** The create-user wizard at /navbar/settings/users/new, signed in as the superadmin. */
export const createUserDriver: Driver = {
  id: 'createUser',
  model: createUserModel,
  expectations: createUserExpectations,
  // "Geri" pressed while the user is being created (the request held): nothing can be changed meanwhile
  async ignore(page, state, event) {
    if (state !== 'creating' || event.type !== 'step.back') return false
    return pressAgain(page.getByRole('button', { name: 'Geri' }))
  },
  async open(page, _path, server) {
    await companyOptions(server)
    await signIn(page, TEST_ADMIN.username, TEST_ADMIN.password)
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
}
