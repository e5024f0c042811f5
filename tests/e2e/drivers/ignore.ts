import type { Locator } from 'playwright-core'

/**
 * A control pressed again while the flow cannot take it (a request on its way, a dialog open): when
 * the view disables it, the press is forced and the view must stop it ('view': nothing may reach the
 * machine); when it is enabled, the press sends its event and the machine must ignore it (true).
 * False when the control is not on screen.
 */
export async function pressAgain(control: Locator): Promise<boolean | 'view'> {
  if (!(await control.isVisible())) return false
  if (await control.isDisabled()) {
    await control.click({ force: true })
    return 'view'
  }
  await control.click()
  return true
}
