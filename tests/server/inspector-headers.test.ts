/**
 * Issue 22 item 5: the Stately inspector's window keeps its link to the page. With
 * `Cross-Origin-Opener-Policy: same-origin` the window the page opens is put in another browsing
 * context group and no message reaches it; the header relaxes to `same-origin-allow-popups` only
 * while the inspector is on (INSPECTOR=true, or development), and the page is told it is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/server/app.ts'
import { loadConfig } from '../../src/server/config.ts'
import { createTestApp } from '../support/test-app.ts'

describe('Cross-Origin-Opener-Policy and the inspector', () => {
  let base: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => { base = await createTestApp('pglite') })
  afterAll(async () => { await base.close() })

  const app = (over: Partial<typeof base.config>) => createApp({ db: base.db, config: { ...base.config, ...over }, logger: { log() {}, child() { return this } } })
  const coop = async (over: Partial<typeof base.config>, path = '/api/v1/lookup/countries') =>
    (await app(over).request(path)).headers.get('cross-origin-opener-policy')

  it('is same-origin when the inspector is off (the default), on pages and API answers alike', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).inspector).toBe(false)
    expect(await coop({ inspector: false, env: 'production' })).toBe('same-origin')
    expect(await coop({ inspector: false, env: 'production' }, '/api/v1/no-such-route')).toBe('same-origin')
  })

  it('keeps the inspector window\'s opener when INSPECTOR=true or in development, and nothing else is relaxed', async () => {
    expect(loadConfig({ NODE_ENV: 'production', INSPECTOR: 'true' }).inspector).toBe(true)
    expect(await coop({ inspector: true, env: 'production' })).toBe('same-origin-allow-popups')
    expect(await coop({ inspector: false, env: 'development' })).toBe('same-origin-allow-popups')
    const res = await app({ inspector: true, env: 'production' }).request('/api/v1/lookup/countries')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
  })
})
