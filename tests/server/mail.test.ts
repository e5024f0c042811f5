import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { companySetting } from '../../src/server/db/schema.ts'
import { MAILS } from '../../src/server/mail-texts.ts'
import { SERVER_LOCALES } from '../../src/server/i18n.ts'
import { keyFrom, open, seal } from '../../src/server/services/secrets.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/** A stand-in for a company's own SMTP server that insists on authentication. */
async function companySmtp(user: string, pass: string) {
  const received: Array<{ to: string[]; subject: string; text: string; authUser: string }> = []
  const server = new SMTPServer({
    secure: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === pass) cb(null, { user: auth.username })
      else cb(new Error('Invalid username or password'))
    },
    onData(stream, session, cb) {
      simpleParser(stream).then((mail) => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? '', text: mail.text ?? '', authUser: String(session.user) })
        cb()
      }, cb)
    },
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

describe('mail through the company\'s SMTP settings', () => {
  let t: TestApp
  let smtp: Awaited<ReturnType<typeof companySmtp>>
  beforeEach(async () => {
    t = await createTestApp('pglite', {}, { mail: true })
    smtp = await companySmtp('bildirim@katilim.example', 'Smtp-Gizli-1!')
  })
  afterEach(async () => {
    await smtp.close()
    await t.close()
  })

  async function configure(password: string) {
    const user = await createUser(t.db, { username: 'selin', password: 'Güçlü-Parola-2026!', email: 'selin@example.com' })
    await t.db.insert(companySetting).values({
      companyId: user.companyId,
      category: 'mailServer',
      data: {
        host: '127.0.0.1', port: smtp.port, security: 'none', authRequired: true, user: 'bildirim@katilim.example',
        passwordSealed: seal(password, keyFrom(t.config.secretsKey)), from: 'bildirim@katilim.example',
      },
    })
  }

  it('sends with the configured server and credentials, not the catcher', async () => {
    await configure('Smtp-Gizli-1!')
    const res = await agent(t.request).post('/auth/forgotPassword', { email: 'selin@example.com' })
    expect(res.status).toBe(202)
    // the answer comes before the slow work (hashing the temporary password, queueing the mail):
    // wait for the queued mail, then send it now instead of at the outbox's next tick
    await expect.poll(() => t.outbox.drain().then(() => smtp.received.length), { timeout: 15_000 }).toBe(1)
    expect(smtp.received[0]).toMatchObject({ to: ['selin@example.com'], subject: 'Geçici şifreniz', authUser: 'bildirim@katilim.example' })
    expect(t.mails).toHaveLength(0)
  })

  it('answers the same when the mail server refuses, and logs the failure', async () => {
    await configure('yanlis-smtp-sifresi')
    const res = await agent(t.request).post('/auth/forgotPassword', { email: 'selin@example.com' })
    expect(res.status).toBe(202)
    await expect.poll(() => t.outbox.drain().then(() => t.logs.some((l) => l.includes('"msg":"mail failed"'))), { timeout: 15_000 }).toBe(true)
    expect(smtp.received).toHaveLength(0)
  })
})

describe('sealed secrets (AES-256-GCM)', () => {
  const key = keyFrom('test-key')
  it('round-trips, differs every time, and refuses a tampered or foreign value', () => {
    const a = seal('Smtp-Gizli-1!', key)
    const b = seal('Smtp-Gizli-1!', key)
    expect(a).not.toBe(b)
    expect(a).not.toContain('Gizli')
    expect(open(a, key)).toBe('Smtp-Gizli-1!')
    const parts = a.split('.')
    const flipped = [...parts.slice(0, 3), (parts[3]![0] === 'A' ? 'B' : 'A') + parts[3]!.slice(1)].join('.')
    expect(() => open(flipped, key)).toThrow()
    expect(() => open(a, keyFrom('other-key'))).toThrow()
    expect(() => open('plain text', key)).toThrow()
  })
})

describe('mail texts', () => {
  it.each(Object.keys(MAILS))('%s exists in tr, en and ru with a subject and a body', (name) => {
    const mail = MAILS[name as keyof typeof MAILS]
    for (const locale of SERVER_LOCALES) {
      expect(mail[locale].subject).toMatch(/\S/)
      const text = (mail[locale].text as (p: Record<string, unknown>) => string)({ name: 'Ad Soyad', attempts: 5, password: 'X', minutes: 30 })
      expect(text).toContain('Ad Soyad')
    }
  })
})
