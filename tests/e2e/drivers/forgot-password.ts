import type { AnyEventObject } from 'xstate'
import { forgotPasswordExpectations } from '../../machines/expectations/forgot-password.ts'
import { forgotPasswordModel } from '../../machines/models/forgot-password.model.ts'
import type { Driver } from './types.ts'

export const forgotPasswordDriver: Driver = {
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
}
