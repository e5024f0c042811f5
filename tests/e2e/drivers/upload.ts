import type { Page, Route } from 'playwright-core'
import sharp from 'sharp'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { uploadExpectations } from '../../machines/expectations/upload.ts'
import { uploadModel } from '../../machines/models/upload.model.ts'
import type { GeneratedPath, PathStep } from '../../support/paths.ts'
import { DEMO_PASSWORD, type E2eServer } from '../server.ts'
import { signInOnce } from '../staff.ts'
import { pressAgain } from './ignore.ts'
import type { Driver } from './types.ts'

/**
 * The upload statechart on the two pages the model's files name, signed in as ayse.yilmaz:
 *  - the company logo (Company > General: company:update): a PNG is sent at once; a text file is
 *    refused in the browser (LOGO_TYPE); "Logoyu kaldır" removes it;
 *  - mehmet.demir's photo (his details page: user:update): a PNG opens to be cropped, "Fotoğrafı
 *    kaydet" sends the crop, "Vazgeç" drops it; a file that is no image is refused when decoded;
 *    "Fotoğrafı kaldır" removes it.
 * A picture is stored through the API before each path (what "remove" needs). The server answers
 * for real; a failure is the request cut off; an answer the path does not reach is held. The check
 * decodes the file in the page (createImageBitmap): when a path rests in `checking`, a shim this
 * page alone gets holds the decoding.
 */
type Kind = 'logo' | 'photo'
const kindOfFile = (e: AnyEventObject) => (e as AnyEventObject & { file: { kind: Kind } }).file.kind

function kindOf(path: PathStep[]): Kind {
  const select = path.find((s) => s.event.type === 'file.select')
  return select ? kindOfFile(select.event) : 'logo'
}

let png: Buffer | null = null
async function picture(): Promise<Buffer> {
  png ??= await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1f4e79' } }).png().toBuffer()
  return png
}

type Api = { cookie: string; companyId: string; mehmet: string }
const apis = new WeakMap<E2eServer, Api>()

async function api(server: E2eServer): Promise<Api> {
  const known = apis.get(server)
  if (known) return known
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', trxType: 'FRM' }, body: JSON.stringify({ username: 'ayse.yilmaz', password: DEMO_PASSWORD, rememberMe: false }),
  })
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const { user } = (await login.json()) as { user: { companyId: string } }
  const list = await fetch(`${server.url}/api/v1/user?q=mehmet.demir`, { headers: { trxType: 'FRM', cookie } })
  const mehmet = ((await list.json()) as { items: Array<{ id: string; username: string }> }).items.find((u) => u.username === 'mehmet.demir')!.id
  const made = { cookie, companyId: user.companyId, mehmet }
  apis.set(server, made)
  return made
}

/** Stores a picture (the logo or mehmet's photo) through the API: "remove" has something to remove. */
async function store(server: E2eServer, kind: Kind) {
  const a = await api(server)
  const path = kind === 'logo' ? `/company/${a.companyId}/logo` : `/user/${a.mehmet}/photo`
  const res = await fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { trxType: 'FRM', cookie: a.cookie, 'content-type': 'image/png' }, body: new Uint8Array(await picture()) })
  expect(res.status, await res.clone().text()).toBeLessThan(300)
}

const SENDS = (kind: Kind) => (url: URL) => kind === 'logo' ? /\/api\/v1\/company\/[^/]+\/logo$/.test(url.pathname) : /\/api\/v1\/user\/[^/]+\/photo$/.test(url.pathname)
/** The page's own shim: createImageBitmap waits while `__holdDecode` is set. */
function holdableDecode() {
  const w = window as unknown as { __holdDecode: boolean; createImageBitmap: typeof createImageBitmap }
  const decode = w.createImageBitmap.bind(window)
  w.__holdDecode = false
  w.createImageBitmap = ((...args: Parameters<typeof createImageBitmap>) => (w.__holdDecode ? new Promise<ImageBitmap>(() => {}) : decode(...args))) as typeof createImageBitmap
}

type Mode = 'real' | 'fail' | 'hold'
const modeOf = (answer: PathStep | undefined, done: string, error: string): Mode =>
  answer?.event.type === done ? 'real' : answer?.event.type === error ? 'fail' : 'hold'

/** How the next upload (POST) or removal (DELETE) is answered: one route per page, its plan per method (a held request stays held). */
const plans = new WeakMap<Page, Record<string, Mode>>()
async function arrange(page: Page, kind: Kind, method: 'POST' | 'DELETE', mode: Mode) {
  const known = plans.get(page)
  if (known) { known[method] = mode; return }
  const plan: Record<string, Mode> = { POST: 'real', DELETE: 'real', [method]: mode }
  plans.set(page, plan)
  await page.route(SENDS(kind), (route: Route) => {
    const m = plan[route.request().method()] ?? 'real'
    if (m === 'fail') return route.abort('connectionrefused')
    if (m === 'hold') return undefined
    return route.fallback()
  })
}

const paths = new WeakMap<Page, { steps: PathStep[]; kind: Kind }>()

export const uploadDriver: Driver = {
  id: 'upload',
  model: uploadModel,
  expectations: uploadExpectations,
  // one page per path: the files it chooses are all the logo's or all the photo's
  feasible: (path: GeneratedPath) => new Set(path.steps.filter((s) => s.event.type === 'file.select').map((s) => kindOfFile(s.event))).size <= 1,
  async open(page, steps, server) {
    const kind = kindOf(steps)
    paths.set(page, { steps, kind })
    await page.addInitScript(holdableDecode)
    await store(server, kind)
    await signInOnce(page, server, 'ayse.yilmaz')
    if (kind === 'logo') {
      await page.goto('/navbar/settings/company/general')
      await page.getByRole('button', { name: 'Logoyu kaldır' }).waitFor()
    } else {
      await page.goto(`/navbar/settings/users/${(await api(server)).mehmet}`)
      await page.getByRole('button', { name: 'Fotoğrafı kaldır' }).waitFor()
    }
    await page.waitForFunction(() => (window as unknown as { __e2eCoverage: Record<string, { value: unknown }> }).__e2eCoverage.upload?.value != null)
  },
  ignoreRest: (path) => (path.end.matches('uploading') && path.steps.at(-1)?.event.type === 'upload.submit') || (path.end.matches('removing') && path.steps.at(-1)?.event.type === 'remove.request'),
  // "Fotoğrafı kaydet" pressed again while the photo is sent, "... kaldır" again while the picture is removed (their requests held)
  async ignore(page, state, event) {
    const { kind } = paths.get(page)!
    if (state === 'uploading' && event.type === 'upload.submit' && plans.get(page)?.POST === 'hold') {
      return pressAgain(page.getByRole('group', { name: 'Profil fotoğrafı yükle' }).getByRole('button', { name: 'Fotoğrafı kaydet' }))
    }
    if (state === 'removing' && event.type === 'remove.request' && plans.get(page)?.DELETE === 'hold') {
      return pressAgain(page.getByRole('button', { name: kind === 'logo' ? 'Logoyu kaldır' : 'Fotoğrafı kaldır' }))
    }
    return false
  },
  async act(page, step, next) {
    const e = step.event
    if (e.type.startsWith('xstate.')) return
    const { steps, kind } = paths.get(page)!
    const i = steps.indexOf(step)
    const photo = page.getByRole('group', { name: 'Profil fotoğrafı yükle' })
    switch (e.type) {
      case 'file.select': {
        const refused = next?.event.type === 'xstate.error.actor.check'
        // the path rests while the file is checked: the decoding waits
        await page.evaluate((hold) => { (window as unknown as { __holdDecode: boolean }).__holdDecode = hold }, !next?.event.type.startsWith('xstate.'))
        // a picture sent at once (the logo): its answer comes after the check's
        if (kind === 'logo' && !refused) await arrange(page, kind, 'POST', modeOf(steps[i + 2], 'xstate.done.actor.upload', 'xstate.error.actor.upload'))
        const file = refused
          ? kind === 'logo' ? { name: 'notlar.txt', mimeType: 'text/plain', buffer: Buffer.from('bir logo değil') } : { name: 'bozuk.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') }
          : { name: `${kind}.png`, mimeType: 'image/png', buffer: await picture() }
        await page.locator(`input[name=${kind}]`).setInputFiles(file)
        break
      }
      case 'upload.submit':
        await arrange(page, kind, 'POST', modeOf(next, 'xstate.done.actor.upload', 'xstate.error.actor.upload'))
        await photo.getByRole('button', { name: 'Fotoğrafı kaydet' }).click()
        break
      case 'cancel': await photo.getByRole('button', { name: 'Vazgeç' }).click(); break
      case 'remove.request':
        await arrange(page, kind, 'DELETE', modeOf(next, 'xstate.done.actor.remove', 'xstate.error.actor.remove'))
        await page.getByRole('button', { name: kind === 'logo' ? 'Logoyu kaldır' : 'Fotoğrafı kaldır' }).click()
        break
      default: throw new Error(`upload driver: no browser action for ${e.type}`)
    }
  },
}
