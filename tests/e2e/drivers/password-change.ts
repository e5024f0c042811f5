import type { AnyEventObject } from 'xstate'
import { passwordChangeExpectations } from '../../machines/expectations/password-change.ts'
import { passwordChangeModel } from '../../machines/models/password-change.model.ts'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { checkPassword } from '../../../src/domain/password.ts'
import { TEST_ADMIN } from '../../support/constants.ts'
import { caughtMail, DEMO_PASSWORD, type E2eServer } from '../server.ts'
import { apiSession, createRoleHolder } from '../staff.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

const CHANGE = '**/api/v1/auth/changeExpiredPassword'

/** Who signs in on each page, with the password the change form takes as the old one; the change requests' bodies. */
const signedIn = new WeakMap<Page, { username: string; password: string; typedOld?: string; typedNew?: string; bodies: unknown[] }>()
let serial = 0

/**
 * A path whose change the server accepts gets a user of its own, made by the administrator: its
 * first sign-in with the temporary password from its mail opens the change form. The other paths
 * sign in as elif.kaya, whose password has expired (she keeps it: nothing of theirs is accepted).
 */
async function changingUser(server: E2eServer) {
  const admin = await apiSession(server.url, TEST_ADMIN.username, TEST_ADMIN.password)
  const roles = (await admin.call('GET', '/role?size=100')).body.items as Array<{ id: string; rolename: string }>
  const n = ++serial
  const username = `sifre.${process.pid % 10000}.${n}`
  const base = String(300000000 + ((process.pid * 97 + n * 7919) % 600000000))
  // (a name of letters only, and a job title of its own: the user's last name)
  const letters = String(process.pid * 100 + n).replace(/\d/g, (d) => 'abcçdefgğh'[Number(d)]!)
  const made = await createRoleHolder(admin, { username, firstName: 'Deniz', lastName: `Değişir${letters}`, nationalIdBase: base }, roles.find((r) => r.rolename === 'ROLE_USER')!.id)
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  let password = ''
  await expect.poll(async () => (password = /Geçici şifreniz: (\S+)/.exec((await caughtMail(server.url, `${username}@example.com`))[0]?.text ?? '')?.[1] ?? ''), { timeout: 15_000 }).not.toBe('')
  return { username, password }
}

export const passwordChangeDriver: Driver = {
  id: 'passwordChange',
  model: passwordChangeModel,
  expectations: passwordChangeExpectations,
  // a path that ends as the form is sent: its request is held, so the page rests in submitting
  ignoreRest: (path) => path.end.matches('submitting') && path.steps.at(-1)?.event.type === 'form.submit',
  // "Vazgeç" pressed while the new password is on its way (held): the view lets it through, the machine ignores it
  async ignore(page, state, event) {
    if (state !== 'submitting' || event.type !== 'form.cancel') return false
    return pressAgain(page.getByRole('button', { name: 'Vazgeç' }))
  },
  async open(page, path, server) {
    const accepted = path.some((s) => s.event.type === 'xstate.done.actor.changePassword')
    const who = { ...(accepted ? await changingUser(server) : { username: 'elif.kaya', password: DEMO_PASSWORD }), bodies: [] as unknown[] }
    signedIn.set(page, who)
    // what the page sends to change the password, as sent (observed, never rewritten)
    page.on('request', (r) => { if (r.url().endsWith('/api/v1/auth/changeExpiredPassword')) who.bodies.push(r.postDataJSON()) })
    await page.goto('/auth/login')
    await page.locator('input[name=username]').fill(who.username)
    await page.locator('input[name=password]').fill(who.password)
    await page.getByRole('button', { name: 'Giriş Yap' }).click()
    await page.waitForURL('**/auth/password-expired')
  },
  async act(page, step, next) {
    const e = step.event as AnyEventObject & Record<string, string>
    if (e.type === 'field.change') await page.locator(`input[name=${e.field}]`).fill(e.value!)
    if (e.type === 'field.change' && e.field === 'newPassword') signedIn.get(page)!.typedNew = e.value
    if (e.type === 'form.submit') {
      // a path that ends here rests in submitting: its request is held, never answered
      await page.unroute(CHANGE)
      if (!next) await page.route(CHANGE, () => { /* held: the path ends while sending */ })
      // the model's old password is not elif's: it is refused, unless the path wants it accepted
      const old = next?.event.type === 'xstate.done.actor.changePassword' ? signedIn.get(page)!.password : e.oldPassword!
      signedIn.get(page)!.typedOld = old
      await page.locator('input[name=oldPassword]').fill(old)
      await page.locator('input[name=newPassword]').fill(e.newPassword!)
      signedIn.get(page)!.typedNew = e.newPassword
      await page.locator('input[name=confirmPassword]').fill(e.confirmPassword!)
      await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
    }
    if (e.type === 'form.cancel') await page.getByRole('button', { name: 'Vazgeç' }).click()
  },
  // the checklist as the page holds it: the form's fill of the new password is typing it (the model's submit is not)
  screenContext(page, context) {
    const typed = signedIn.get(page)?.typedNew
    if (typed === undefined) return context
    return { ...context, touched: true, failures: checkPassword(typed, context.policy, { username: signedIn.get(page)!.username }).failures }
  },
  // the oracle's input, with the person signed in here in place of the model's, and the old password as typed
  // (the temporary one, where the path wants the change accepted); never the repeat
  async checkSent(page, id, expected) {
    if (id !== 'changePassword') return false
    const who = signedIn.get(page)!
    const want = { ...(expected as Record<string, string>), username: who.username, oldPassword: who.typedOld }
    await expect.poll(() => who.bodies.length, { timeout: 10_000, message: 'no changeExpiredPassword request' }).toBeGreaterThan(0)
    expect(who.bodies.at(-1)).toEqual(want)
    return true
  },
}
