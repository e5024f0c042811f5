import type { Page } from 'playwright-core'

/** Signs in on the staff sign-in page. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/auth/login')
  await page.locator('input[name=username]').fill(username)
  await page.locator('input[name=password]').fill(password)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

/**
 * The first sign-in with a temporary password: the forced change (spec 4 "Password expired"), then
 * a sign-in with the new password. Ends signed in.
 */
export async function signInWithTemporary(page: Page, username: string, temporary: string, newPassword: string) {
  await signIn(page, username, temporary)
  await page.waitForURL('**/auth/password-expired')
  await page.locator('input[name=oldPassword]').fill(temporary)
  await page.locator('input[name=newPassword]').fill(newPassword)
  await page.locator('input[name=confirmPassword]').fill(newPassword)
  await page.getByRole('button', { name: 'Şifreyi Değiştir' }).click()
  await page.waitForURL('**/auth/login')
  await signIn(page, username, newPassword)
}
