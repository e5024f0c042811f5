import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appUser, emailChange, tempPassword } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser, jobTitleAndLocation } from '../support/fixtures.ts'
import { createTestApp, dbKinds, testClock, type TestApp } from '../support/test-app.ts'

/**
 * Issue 28 item 2: a change of e-mail address is announced to the old address (with a link that
 * cancels it) and takes effect only when the new address confirms its single-use, expiring link.
 */
const PASSWORD = 'Güçlü-Parola-2026!'

describe.each(dbKinds())('e-mail changes on %s', (kind) => {
  let t: TestApp
  let admin: ReturnType<typeof agent>
  let mehmet: { id: string }
  let refs: { jobTitleId: string; locationId: string }

  const body = async (a: ReturnType<typeof agent>, id: string, changes: Record<string, unknown> = {}) => {
    const d = (await a.get(`/user/${id}`)).body
    return {
      firstName: d.firstName, lastName: d.lastName, gender: 'male', country: 'DE', nationalId: null, passportNo: 'P1234567',
      jobTitleId: d.jobTitleId ?? refs.jobTitleId, workLocationId: d.workLocationId ?? refs.locationId, email: d.email, mobilePhone: '0532 123 45 67',
      birthDate: '1990-01-01', version: d.version, ...changes,
    }
  }
  const mailsTo = (address: string, subject?: string) => t.mails.filter((m) => m.to.includes(address) && (!subject || m.subject === subject))
  const linkIn = (text: string, kind: 'confirm' | 'cancel') => {
    const m = new RegExp(`(http://localhost/auth/email-change#${kind}=([A-Za-z0-9_-]{43}))`).exec(text)
    expect(m, text).not.toBeNull()
    return { url: m![1]!, token: m![2]! }
  }
  const requestChange = async (to: string) => {
    const res = await admin.put(`/user/${mehmet.id}`, await body(admin, mehmet.id, { email: to }))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    await expect.poll(() => mailsTo(to, 'Yeni e-posta adresinizi onaylayın').length, { timeout: 10_000 }).toBeGreaterThan(0)
    return res
  }

  beforeEach(async () => {
    t = await createTestApp(kind, {}, { mail: true, clock: testClock(new Date('2026-11-23T09:00:00Z')) })
    admin = agent(t.request)
    const res = await admin.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })
    refs = await jobTitleAndLocation(admin, (res.body.user as { companyId: string }).companyId)
    mehmet = await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD, email: 'mehmet.demir@example.com' })
    await t.db.update(appUser).set({ jobTitleId: refs.jobTitleId, workLocationId: refs.locationId }).where(eq(appUser.id, mehmet.id))
  })
  afterEach(async () => { await t.close() })

  it('waits for the new address: the old one is told, the new one confirms once, then it is the account\'s', async () => {
    const res = await requestChange('mehmet.yeni@example.com')
    // saved, but the address is still the old one, the new one pending
    expect(res.body).toMatchObject({ email: 'mehmet.demir@example.com', pendingEmail: { email: 'mehmet.yeni@example.com', expiresAt: '2026-11-24T09:00:00.000Z' } })
    await expect.poll(() => mailsTo('mehmet.demir@example.com', 'E-posta adresinizi değiştirme isteği').length, { timeout: 10_000 }).toBe(1)
    const told = mailsTo('mehmet.demir@example.com', 'E-posta adresinizi değiştirme isteği')
    expect(told[0]!.text).toContain('mehmet.yeni@example.com')
    expect(told[0]!.text).toContain('Sistem Yöneticisi (admin)')
    linkIn(told[0]!.text, 'cancel')
    const { token } = linkIn(mailsTo('mehmet.yeni@example.com')[0]!.text, 'confirm')
    // meanwhile "forgot password" for the new address sends nothing: it is not the account's yet
    expect((await agent(t.request).post('/auth/forgotPassword', { email: 'mehmet.yeni@example.com' })).status).toBe(202)
    await expect.poll(async () => { await t.outbox.drain(); return t.outbox.pending() }, { timeout: 10_000 }).toBe(0)
    expect(mailsTo('mehmet.yeni@example.com', 'Geçici şifreniz')).toEqual([])
    // a temporary password the old address asked for stops working when the address moves
    expect((await agent(t.request).post('/auth/forgotPassword', { email: 'mehmet.demir@example.com' })).status).toBe(202)
    await expect.poll(() => mailsTo('mehmet.demir@example.com', 'Geçici şifreniz').length, { timeout: 10_000 }).toBe(1)
    // the new address's owner confirms (signed in or not)
    const confirmed = await agent(t.request).post('/auth/confirmEmail', { token }, { locale: 'en' })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({ ok: true, email: 'mehmet.yeni@example.com' })
    const [row] = await t.db.select().from(appUser).where(eq(appUser.id, mehmet.id))
    expect(row!.email).toBe('mehmet.yeni@example.com')
    expect((await t.db.select().from(tempPassword).where(eq(tempPassword.userId, mehmet.id))).every((p) => p.voidedAt !== null)).toBe(true)
    expect((await admin.get(`/user/${mehmet.id}`)).body).toMatchObject({ email: 'mehmet.yeni@example.com', pendingEmail: null })
    // single use
    const again = await agent(t.request).post('/auth/confirmEmail', { token }, { locale: 'en' })
    expect(again.status).toBe(400)
    expect(again.body).toEqual({ code: 'EMAIL_CHANGE_INVALID', message: 'This link is not valid: it has expired, has been used already or was cancelled' })
  })

  it('expires after 24 hours; a newer request voids the older; the old address cancels', async () => {
    await requestChange('birinci@example.com')
    const first = linkIn(mailsTo('birinci@example.com')[0]!.text, 'confirm').token
    await requestChange('ikinci@example.com')
    const second = linkIn(mailsTo('ikinci@example.com')[0]!.text, 'confirm').token
    expect((await agent(t.request).post('/auth/confirmEmail', { token: first })).body).toMatchObject({ code: 'EMAIL_CHANGE_INVALID' })
    // the old address's link cancels the open one
    const toldOfSecond = () => mailsTo('mehmet.demir@example.com', 'E-posta adresinizi değiştirme isteği').find((m) => m.text.includes('ikinci@example.com'))
    await expect.poll(() => !!toldOfSecond(), { timeout: 10_000 }).toBe(true)
    const cancel = linkIn(toldOfSecond()!.text, 'cancel').token
    expect((await agent(t.request).post('/auth/cancelEmailChange', { token: cancel })).body).toEqual({ ok: true })
    expect((await agent(t.request).post('/auth/confirmEmail', { token: second })).body).toMatchObject({ code: 'EMAIL_CHANGE_INVALID' })
    expect((await admin.get(`/user/${mehmet.id}`)).body).toMatchObject({ email: 'mehmet.demir@example.com', pendingEmail: null })
    // a third one, left for a day
    await requestChange('ucuncu@example.com')
    const third = linkIn(mailsTo('ucuncu@example.com')[0]!.text, 'confirm').token
    t.clock.advance(24 * 3_600_000 + 1)
    expect((await agent(t.request).post('/auth/confirmEmail', { token: third })).body).toMatchObject({ code: 'EMAIL_CHANGE_INVALID' })
    expect((await t.db.select().from(appUser).where(eq(appUser.id, mehmet.id)))[0]!.email).toBe('mehmet.demir@example.com')
    // malformed tokens are 400 without a lookup
    for (const bad of [{}, { token: 'x' }, { token: 'a'.repeat(44) }, { token: second, extra: 1 }]) {
      expect((await agent(t.request).post('/auth/confirmEmail', bad)).status).toBe(400)
    }
  })

  it('a user changing their own address goes the same way; a taken address is refused, also when taken meanwhile', async () => {
    const own = agent(t.request)
    expect((await own.post('/auth/login', { username: 'mehmet.demir', password: PASSWORD })).status).toBe(200)
    const mine = await body(own, mehmet.id, { email: 'Mehmet.Kendi@Example.com' })
    const res = await own.put(`/user/${mehmet.id}`, mine)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toMatchObject({ email: 'mehmet.demir@example.com', pendingEmail: { email: 'mehmet.kendi@example.com' } })
    await expect.poll(() => mailsTo('mehmet.kendi@example.com').length, { timeout: 10_000 }).toBe(1)
    // an address another user has
    await createUser(t.db, { username: 'zeynep', password: PASSWORD, email: 'zeynep@example.com' })
    const taken = await own.put(`/user/${mehmet.id}`, await body(own, mehmet.id, { email: 'zeynep@example.com' }))
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ code: 'USER_EXISTS', issues: [{ path: 'email', code: 'exists' }] })
    // taken between the request and the confirmation: refused, nothing changes
    const { token } = linkIn(mailsTo('mehmet.kendi@example.com')[0]!.text, 'confirm')
    await createUser(t.db, { username: 'kendi', password: PASSWORD, email: 'mehmet.kendi@example.com' })
    const late = await agent(t.request).post('/auth/confirmEmail', { token })
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: 'USER_EXISTS' })
    expect((await t.db.select().from(appUser).where(eq(appUser.id, mehmet.id)))[0]!.email).toBe('mehmet.demir@example.com')
    // only the token hashes are stored
    const stored = JSON.stringify(await t.db.select().from(emailChange))
    expect(stored).not.toContain(token)
  })
})
