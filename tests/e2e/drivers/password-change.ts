import type { AnyEventObject } from 'xstate'
import { passwordChangeExpectations } from '../../machines/expectations/password-change.ts'
import { passwordChangeModel } from '../../machines/models/password-change.model.ts'
import { DEMO_PASSWORD } from '../server.ts'
import type { Driver } from './types.ts'

export const passwordChangeDriver: Driver = {
  id: 'passwordChange',
  model: passwordChangeModel,
  expectations: passwordChangeExpectations,
  ignoreNone: "its only state with ignored events, submitting, is one no path rests in: the server answers the change at once, and a held answer ends the path without a person's next action",
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
}
