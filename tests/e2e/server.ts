import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import { TEST_ADMIN } from '../support/constants.ts'
import { copyTemplate } from './prepared-db.ts'

const ROOT = resolve(import.meta.dirname, '../..')
export const DEMO_PASSWORD = 'Demo-Parola-2026!x'
/**
 * The e2e servers run in production mode with the dev routes on: those need a token there (one
 * fixed value: the global setup and the test files load this module separately).
 */
const DEV_ROUTES_TOKEN = 'e2e-dev-routes-token-loopback-only'

export type E2eServer = {
  url: string
  log: string
  /** The server's PostgreSQL database, when the run is on PostgreSQL (E2E_DATABASE_URL). */
  databaseUrl: string | null
  stop(): Promise<void>
}

/** The SMS resend cooldown of the shared e2e server: a real wait, but seconds rather than a minute. */
export const E2E_SMS_COOLDOWN_S = 4

/**
 * The environment every e2e server starts with (before a file's own settings). The prepared
 * databases (prepared-db.ts) are seeded with the same settings, so a server started from one
 * finds its superadmin and demo staff in place.
 */
export function e2eEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: 'memory://',
    DATABASE_URL: '',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DEMO_DATA: 'true',
    DEMO_PASSWORD,
    HSTS: 'false',
    LOG_LEVEL: 'info',
    DEV_ROUTES: 'true',
    DEV_ROUTES_TOKEN,
  }
}

/**
 * Starts `node src/server/index.ts` (what `npm start` runs after building) on a free loopback port.
 * Its database comes prepared: on PGlite from the run's dump (PGLITE_DUMP), on PostgreSQL (when the
 * run sets E2E_DATABASE_URL) a database of its own copied from the run's template.
 */
export async function startE2eServer(name: string, env: Record<string, string> = {}, opts: {
  /**
   * A database as a new install has it: empty, so the server migrates and seeds it at its start
   * (no prepared dump or template; with DEMO_DATA=false, no demo staff).
   */
  fresh?: boolean
} = {}): Promise<E2eServer> {
  await mkdir(resolve(ROOT, 'test-results'), { recursive: true })
  // the PostgreSQL run's logs beside the PGlite run's, not over them
  // (E2E_LANE_TAG: npm test's second lane of a kind, whose servers have the same names as the first's)
  const tag = process.env.E2E_LANE_TAG ? `-${process.env.E2E_LANE_TAG}` : ''
  const log = resolve(ROOT, `test-results/${process.env.E2E_DATABASE_URL ? 'pg-' : ''}${name}${tag}-server.log`)
  const out = createWriteStream(log)
  const pg = process.env.E2E_DATABASE_URL ? await copyTemplate(process.env.E2E_DATABASE_URL, { empty: opts.fresh }) : null
  const child = spawn(process.execPath, ['src/server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...e2eEnv(),
      PGLITE_DUMP: opts.fresh ? '' : process.env.E2E_PGLITE_DUMP ?? '',
      ...env,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = await new Promise<string>((ok, fail) => {
    // a fresh database is migrated and seeded (73,000 neighbourhoods) at the start: give it longer
    const limit = opts.fresh ? 240_000 : 90_000
    const timer = setTimeout(() => fail(new Error(`server did not start within ${limit / 1000} s; see ` + log)), limit)
    let buffer = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out.write(chunk)
      buffer += chunk.toString()
      const m = /Listening on (http:\/\/\S+)/.exec(buffer)
      if (m) {
        clearTimeout(timer)
        ok(m[1]!)
      }
    })
    child.stderr.on('data', (chunk: Buffer) => out.write(chunk))
    child.once('exit', (code) => fail(new Error(`server exited with ${code}; see ${log}`)))
  })
  return {
    url,
    log,
    databaseUrl: pg?.url ?? null,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((ok) => child.once('exit', ok))
      }
      out.end()
      await pg?.drop()
    },
  }
}

/** Mail the server sent, from its catcher (GET /api/v1/dev/mail, loopback only, with the token). */
export async function caughtMail(baseUrl: string, to: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(`${baseUrl}/api/v1/dev/mail?to=${encodeURIComponent(to)}`, { headers: { authorization: `Bearer ${DEV_ROUTES_TOKEN}` } })
  return (await res.json()) as Array<{ subject: string; text: string }>
}

/** Text messages the server sent, from its SMS catcher (GET /api/v1/dev/sms, loopback only, with the token). */
export async function caughtSms(baseUrl: string, phone: string): Promise<Array<{ to: string; text: string }>> {
  const res = await fetch(`${baseUrl}/api/v1/dev/sms?to=${encodeURIComponent(phone)}`, { headers: { authorization: `Bearer ${DEV_ROUTES_TOKEN}` } })
  return (await res.json()) as Array<{ to: string; text: string }>
}

/**
 * Ends a phone's SMS verification for a purpose on the server (POST /api/v1/dev/sms/end-verification,
 * with the SMS catcher only): from now on the server refuses every ticket of it that the page sends.
 */
export async function endSmsVerification(baseUrl: string, phone: string, purpose: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1/dev/sms/end-verification`, {
    method: 'POST', headers: { authorization: `Bearer ${DEV_ROUTES_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ phone, purpose }),
  })
  if (res.status !== 204) throw new Error(`ending the SMS verification of ${phone}: ${res.status} ${await res.text()}`)
}

/** A ticket of a phone's verification for a purpose, without a code sent (POST /api/v1/dev/sms/ticket, with the SMS catcher only). */
export async function devSmsTicket(baseUrl: string, phone: string, purpose: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/dev/sms/ticket`, {
    method: 'POST', headers: { authorization: `Bearer ${DEV_ROUTES_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify({ phone, purpose }),
  })
  if (res.status !== 200) throw new Error(`a ticket for ${phone}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { ticket: string }).ticket
}
