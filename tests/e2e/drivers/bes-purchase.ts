import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { toContract, toParticipant, type PersonValues } from '../../../src/domain/bes-forms.ts'
import type { ApplicationData } from '../../../src/domain/schemas/application.ts'
import { besPurchaseExpectations } from '../../machines/expectations/bes-purchase.ts'
import { besPurchaseModel, CONTRACT, PEOPLE, TICKET } from '../../machines/models/bes-purchase.model.ts'
import { toSignatory } from '../../../src/domain/bes-forms.ts'
import type { E2eServer } from '../server.ts'
import {
  answersAfter, arrangeAnswers, arrangeOtherPayment, checkPurchaseSent, expectEndedVerificationSaid, buyOnServer, pay, payElsewhere, purchaseFeasible, recordRequiredConsents, saveApplication, TABS,
  verifiedBeforeReload, verifyPhone, watchPurchase,
} from './purchase.ts'
import { fillLabelled, selectLabelled } from './labelled.ts'
import type { Driver } from './types.ts'

/**
 * The early BES purchase at /urunler/market/erkenbes (machines/bes-purchase), with the health and
 * travel drivers' real answers (./purchase.ts): a fresh phone and the caught SMS code per
 * verification, a saved application to resume saved on the server under the page's own ticket, an
 * expired verification as the server refusing the ticket, "nothing saved" as a fresh phone, the
 * bank simulator's payment; only NETWORK failures are cut off.
 */
const INPUTS = ['firstname', 'lastname', 'nationalId', 'birthdate', 'birthplace', 'fathername', 'mothername', 'idserialno', 'email']
const WORK_INPUTS = ['profession', 'jobtitle']
const WORK_SELECTS = ['sector', 'education', 'aversalary', 'socialsecurity']
const NEXT = 'Devam Et'

/** The person form's labels (spec 3.2): each field is found by its label as well as its name, so a wrong label fails. */
const LABELS: Record<string, string> = {
  firstname: 'Ad', lastname: 'Soyad', nationalId: 'T.C. kimlik no (yabancılar için pasaport no)', birthdate: 'Doğum tarihi', birthplace: 'Doğum yeri',
  fathername: 'Baba adı', mothername: 'Anne adı', idserialno: 'Kimlik kartı seri no', email: 'E-posta', profession: 'Meslek', jobtitle: 'Unvan',
  sector: 'Sektör', education: 'Eğitim durumu', aversalary: 'Ortalama aylık gelir', socialsecurity: 'Sosyal güvenlik', userphone: 'Cep telefonu',
}

async function fillPerson(page: Page, v: PersonValues, kind: 'participant' | 'signatory') {
  for (const name of INPUTS) await fillLabelled(page, name, LABELS[name]!, v[name] ?? '')
  if (kind === 'participant') {
    for (const name of WORK_INPUTS) await fillLabelled(page, name, LABELS[name]!, v[name] ?? '')
    for (const name of WORK_SELECTS) await selectLabelled(page, name, LABELS[name]!, v[name] ?? '')
  } else {
    await fillLabelled(page, 'userphone', LABELS.userphone!, v.userphone ?? '')
  }
}

/** What the customer left on the server: the model's saved sections, the participant's phone the one just verified. */
function savedData(page: Page, output: unknown): ApplicationData {
  const d = (output as { data: { personalProfile?: PersonValues; custodianProfile?: PersonValues; payerProfile?: PersonValues; pensionContract?: unknown } }).data
  const phone = TABS.get(page)!.phone!
  return {
    quickProfile: { gender: 'female', citycode: '34', birthdate: d.personalProfile?.birthdate ?? '1990-04-01' },
    ...(d.personalProfile ? { personalProfile: toParticipant({ ...d.personalProfile, userphone: phone }) } : {}),
    ...(d.custodianProfile ? { custodianProfile: toSignatory(d.custodianProfile, 'erkenbes') } : {}),
    ...(d.payerProfile ? { payerProfile: toSignatory(d.payerProfile, 'erkenbes') } : {}),
    ...(d.pensionContract ? { pensionContract: toContract(CONTRACT.valid) } : {}),
  }
}


/**
 * The visitor's first sign of intent (a pointer move): a plain visit's purchase statechart loads on
 * it (issue 23 goal 2, src/web/intent.ts), and the replay reads that machine from its first step.
 */
async function showIntent(page: Page) {
  await page.mouse.move(20, 20)
  await page.mouse.move(40, 60)
}

export const besPurchaseDriver: Driver = {
  id: 'besPurchase',
  model: besPurchaseModel,
  expectations: besPurchaseExpectations,
  feasible: purchaseFeasible(besPurchaseModel),
  checkSent: (page, id, expected) => checkPurchaseSent(page, id, expected, TICKET),
  ignoreRest: (path) => path.end.matches('saving') && path.steps.at(-1)?.event.type === 'retry',
  // "Geri" pressed while a step is being saved (the driver holds the save): the page sends `back`, the machine must ignore it
  async ignore(page, state, event) {
    if (state !== 'saving' || event.type !== 'back') return false
    // (the held save is made as the state is entered: a moment after the replay sees the state)
    const tab = TABS.get(page)!
    for (let i = 0; i < 50 && tab.held !== 'application'; i++) await page.waitForTimeout(100)
    if (tab.held !== 'application') return false
    const back = page.getByRole('button', { name: 'Geri', exact: true })
    if (!(await back.isVisible())) return false
    await back.click()
    return true
  },
  async open(page, path, server) {
    await watchPurchase(page, path)
    if (path[0]?.event.type === 'payment.retry') {
      // the result page's "Tekrar dene": an early BES bought on the server and left unpaid, opened at its card form
      const adult = { ...toParticipant({ ...PEOPLE.adult, userphone: '05321234567' }) }
      const id = await buyOnServer(server, 'erkenbes', { quickProfile: { gender: 'female', citycode: '34', birthdate: adult.birthdate }, personalProfile: adult, pensionContract: toContract(CONTRACT.valid) })
      TABS.get(page)!.purchaseId = id
      await page.goto(`/urunler/market/erkenbes?purchase=${id}`)
    } else if (path[0]?.event.type === 'restore') {
      // the page was at a step after the verification (issue 24 item 1): its verification, its history entry; the reload is the step (act)
      await page.goto('/urunler/market/erkenbes')
      await showIntent(page)
      await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.besPurchase)
      const forged = (path[1]?.event as AnyEventObject | undefined)?.type === 'xstate.error.actor.restoreVerification'
      // the quick profile's entry behind it: the machine's Back from the profile (and the SMS step) is the quick profile
      await verifiedBeforeReload(page, server, 'erkenbes', String((path[0].event as AnyEventObject).step), forged, ['quick'])
      return
    } else {
      await page.goto('/urunler/market/erkenbes')
      await showIntent(page)
    }
    await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.besPurchase)
  },
  async act(page, step, next, server: E2eServer) {
    const e = step.event as AnyEventObject & { values?: PersonValues }
    // an answer of the server's was arranged by the step that asked for it (the SMS code is the customer's doing);
    // the other tab's payment ends once the page waits for it
    if (e.type.startsWith('xstate.') && e.type !== 'xstate.done.actor.smsVerification') {
      if (next?.event.type.endsWith('.actor.watchPayment')) await arrangeOtherPayment(page, server, next.event as AnyEventObject, 'besPurchase')
      return
    }
    await arrangeAnswers(page, server, answersAfter(page, step), {
      product: 'erkenbes',
      seed: async (ticket, output) => {
        const id = await saveApplication(server, { ticket, product: 'erkenbes', step: (output as { step: string }).step, data: savedData(page, output) })
        // a page reloaded after its consents: they were recorded for this application before the reload
        if (TABS.get(page)!.restoring && (output as { data: { pensionContract?: unknown } }).data.pensionContract) await recordRequiredConsents(server, 'erkenbes', ticket, id)
        return id
      },
    })
    const v = e.values ?? {}
    switch (e.type) {
      case 'quick.submit': {
        await expect.poll(() => page.locator('select[name=citycode] option').count(), { timeout: 15_000 }).toBeGreaterThan(1)
        await page.getByLabel(e.gender === 'male' ? 'Erkek' : 'Kadın').check()
        await page.locator('select[name=citycode]').selectOption(String(e.citycode))
        await page.locator('input[name=birthdate]').fill(String(e.birthdate))
        await page.getByRole('button', { name: NEXT }).click()
        break
      }
      case 'xstate.done.actor.smsVerification':
        // issue 22 item 2: an ended verification is asked for again, saying so (never a "Tekrar dene" the server must refuse)
        await expectEndedVerificationSaid(page, step, 'Telefon doğrulamanızın süresi doldu; lütfen numaranızı yeniden doğrulayınız. Kaydedilen bilgileriniz doğrulamadan sonra geri gelecek.')
        expect(await page.getByRole('button', { name: 'Tekrar dene' }).count(), 'a "Tekrar dene" after an ended verification').toBe(0)
        await verifyPhone(page, server)
        break
      case 'profile.submit':
        await fillPerson(page, v, 'participant')
        await page.locator('input[name=payerIsOther]').setChecked(e.payerIsOther === true)
        await page.getByRole('button', { name: NEXT }).click()
        break
      case 'custodian.submit':
        await fillPerson(page, v, 'signatory')
        await page.locator('select[name=legalparent]').selectOption(String(e.relation))
        await page.getByRole('button', { name: NEXT }).click()
        break
      case 'payer.submit':
        await fillPerson(page, v, 'signatory')
        await page.getByRole('button', { name: NEXT }).click()
        break
      case 'contract.submit': {
        // the amount and the fund distribution as the model has them (the funds it names, none of the others)
        const c = e.values as unknown as { contributionAmount: string; fundChoice: Array<{ code: string; share: number }> }
        await page.locator('input[name=contributionAmount]').fill(c.contributionAmount)
        for (const input of await page.locator('input[name^="fundChoice."]').all()) {
          const code = (await input.getAttribute('name'))!.slice('fundChoice.'.length)
          await input.fill(String(c.fundChoice.find((f) => f.code === code)?.share ?? ''))
        }
        await page.getByRole('button', { name: NEXT }).click()
        break
      }
      case 'consents.submit': {
        const choices = e.choices as Record<string, { accepted: boolean }>
        for (const name of ['gdprtextread', 'trxconcent']) await page.locator(`input[name=${name}]`).setChecked(choices[name]?.accepted === true)
        await page.getByRole('button', { name: NEXT }).click()
        break
      }
      case 'summary.confirm': await page.getByRole('button', { name: 'Onayla ve Öde' }).click(); break
      case 'preInformation.confirm': {
        // issue 24 item 4: the form's own box, then "Ödemeye geç"
        const form = page.getByTestId('step-preInformation')
        await form.locator('input[name=preinformation]').setChecked(e.accepted === true)
        await form.getByRole('button', { name: 'Ödemeye geç', exact: true }).click()
        break
      }
      case 'payment.done': await pay(page, String(e.status)); break
      case 'back':
        // the profile and the SMS step have no "Geri" of their own: the browser's Back (issue 24 item 1); the others' "Geri" goes through the history too
        // (the page's machine state before the step: the state the Back is pressed in)
        if (['personal', 'verifying'].includes(await page.evaluate(() => String((window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.besPurchase?.value)))) await page.goBack()
        else await page.getByRole('button', { name: 'Geri', exact: true }).click()
        break
      case 'retry': {
        // a path that ends with the retry: its save is held, so the busy step is what shows
        if (!next) await page.route('**/api/v1/digitalchannels/application', () => { TABS.get(page)!.held = 'application' /* held until the page closes */ })
        const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Tekrar dene' }) })
        await alert.getByRole('button', { name: 'Tekrar dene' }).click()
        // the press is taken once the step waits again (a condition, not a time: a loaded machine may take a while)
        await page.waitForFunction(() => (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.besPurchase?.value !== 'saveFailed', undefined, { timeout: 20_000 })
        break
      }
      case 'payment.elsewhere': await payElsewhere(page, server, 'besPurchase', next?.event as AnyEventObject | undefined); break
      case 'payment.retry': break // the page sent it as it opened (open)
      case 'restore':
        // the reload: the page finds its entry's step and sends it as it opens
        page.once('dialog', (d) => void d.accept())
        await page.reload()
        await page.waitForFunction(() => !!(window as unknown as { __e2eCoverage: Record<string, unknown> }).__e2eCoverage.besPurchase)
        break
      default: throw new Error(`besPurchase driver: no browser action for ${e.type}`)
    }
  },
}
