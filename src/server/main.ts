import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import type { ViteDevServer } from 'vite'
import { firstScreenOf } from '../domain/purchase-address.ts'
import { addressQuoteTaken } from '../domain/purchase-quote.ts'
import { createApp, type WebHost } from './app.ts'
import { caughtMessages, type ServerConfig } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { seedDemoUsers, seedFirstCompany, seedReferenceData, syncSystemRoleBundles } from './db/seed.ts'
import { randomPassword } from './services/passwords.ts'
import { createLogger, type Logger } from './services/logger.ts'
import { createMailer, startMailCatcher, type MailCatcher } from './services/mail.ts'
import { mailSettingsResolver } from './services/mail-settings.ts'
import { createOutbox } from './services/outbox.ts'
import { purchaseDocumentJob } from './services/purchase.ts'
import { createPaymentSweeper } from './services/payments.ts'
import { forgotPasswordJob } from './services/password-reset.ts'
import { keyFrom } from './services/secrets.ts'
import { dbHealth } from './services/db-health.ts'
import { withServerKeys } from './services/server-keys.ts'
import { createSms } from './services/sms/index.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/** Serves the production build from dist/client; hashed assets are cached for a year. */
async function staticHost(): Promise<WebHost> {
  const root = resolve(ROOT, 'dist/client')
  const index = await readFile(resolve(root, 'index.html'), 'utf8').catch(() => {
    throw new Error('dist/client/index.html is missing: run `npm run build` first (npm start does it)')
  })
  const { gzipSync } = await import('node:zlib')
  const gzipped = new Map<string, Uint8Array<ArrayBuffer>>()
  // Build-time prerendered pages (scripts/prerender.ts), hydrated by the browser; index.html otherwise.
  const prerendered = new Map<string, string>()
  // the build's list of them (dist/client/prerendered/pages.json: a path -> its file)
  const pages = JSON.parse(await readFile(resolve(root, 'prerendered/pages.json'), 'utf8').catch(() => '{}')) as Record<string, string>
  for (const [path, file] of Object.entries(pages)) {
    const full = resolve(root, 'prerendered', file)
    if (!full.startsWith(resolve(root, 'prerendered') + sep)) continue
    const text = await readFile(full, 'utf8').catch(() => null)
    if (text) prerendered.set(path, text)
  }
  return {
    html: async (url) => {
      const { pathname, search } = new URL(url, 'http://localhost')
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
      // a purchase page opening with a quote or a purchase to retry, or reloaded at a later step its address names: its opening
      // screen; with a quote the purchase takes (judged now, as the machine will): the phone step (src/domain/purchase-address.ts)
      const screen = firstScreenOf(path, search, null, addressQuoteTaken(path, search, new Date()))
      return (screen === 'opening' || screen === 'phone' ? prerendered.get(`${path}?${screen}`) : undefined) ?? prerendered.get(path) ?? index
    },
    async asset(c) {
      const path = c.get('path')
      if (path === '/' || path.endsWith('.html') || !extname(path)) return null
      const file = resolve(root, '.' + path)
      if (!file.startsWith(root + sep)) return null
      const info = await stat(file).catch(() => null)
      if (!info?.isFile()) return null
      const type = TYPES[extname(file)] ?? 'application/octet-stream'
      const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'
      // Text assets go gzipped to clients that accept it (compressed once, kept in memory).
      if (/^(text\/|application\/(json|manifest)|image\/svg)/.test(type) && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
        let body = gzipped.get(file)
        if (!body) gzipped.set(file, (body = new Uint8Array(gzipSync(await readFile(file), { level: 9 }))))
        return new Response(body, { headers: { 'content-type': type, 'cache-control': cache, 'content-encoding': 'gzip', vary: 'accept-encoding' } })
      }
      return new Response(await readFile(file), { headers: { 'content-type': type, 'cache-control': cache, vary: 'accept-encoding' } })
    },
  }
}

export type RunningServer = {
  url: string
  port: number
  close(): Promise<void>
  mailCatcher: MailCatcher | null
  timings: Record<string, number>
  generatedPassword: string | null
  /** The demo users' generated password, at the start that created them. */
  demoPassword: string | null
}

/**
 * Migrates and seeds an open database, as every start does (idempotent: an up-to-date database is
 * left as it is), under the database's start-up lock. Returns the served configuration: keys the
 * environment left unset come from the database (generated there at the first production start).
 */
export async function prepareDatabase(database: Database, configured: ServerConfig, lap: (name: string, since: number) => void = () => {}) {
  // one server at a time migrates and seeds a database (several may start together on one PostgreSQL)
  return database.exclusive(async () => {
    let t = performance.now()
    await database.migrate()
    lap('migrate', t)
    const config = await withServerKeys(configured, database.db)
    t = performance.now()
    const referenceSeed = await seedReferenceData(database.db)
    lap('seedReference', t)
    t = performance.now()
    const first = await seedFirstCompany(database.db, { username: config.adminUsername, password: config.adminPassword, email: config.adminEmail })
    await syncSystemRoleBundles(database.db)
    lap('seedCompany', t)
    let demoPassword: string | null = null
    if (config.demoData) {
      const password = config.demoPassword ?? randomPassword()
      if (await seedDemoUsers(database.db, password, new Date())) demoPassword = config.demoPassword ? null : password
    }
    return { config, referenceSeed, first, demoPassword }
  })
}

/**
 * The dump a new PGlite database starts from (PGLITE_DUMP), when there is one and the database is
 * new: in memory, or a data folder that holds no database yet. An existing folder is never replaced.
 */
async function startingDump(configured: ServerConfig): Promise<Blob | undefined> {
  if (configured.databaseUrl || !configured.pgliteDump) return undefined
  const dir = configured.dataDir
  if (!dir.startsWith('memory://') && existsSync(join(dir, 'PG_VERSION'))) return undefined
  return new Blob([await readFile(configured.pgliteDump)])
}

/** Opens the database, migrates, seeds, and serves API and app on one port. */
export async function startServer(configured: ServerConfig, opts: { logger?: Logger; web?: boolean } = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(configured.logLevel)
  const timings: Record<string, number> = {}
  const t0 = performance.now()
  const lap = (name: string, since: number) => (timings[name] = Math.round(performance.now() - since))

  let t = performance.now()
  const health = dbHealth(logger)
  const loadDataDir = await startingDump(configured)
  const database = await openDatabase({ url: configured.databaseUrl, dataDir: configured.dataDir, health, connectTimeoutMs: configured.dbConnectTimeoutMs, ...(loadDataDir ? { loadDataDir } : {}) })
  lap('openDb', t)
  const { config, referenceSeed, first, demoPassword } = await prepareDatabase(database, configured, lap)

  const mailCatcher = config.mailCatcher ? await startMailCatcher() : null
  const mail = createMailer(mailSettingsResolver(database.db, mailCatcher, keyFrom(config.secretsKey), config.mailServerAllow))
  // one clock for the app, the outbox's pruning of the app's rate counters and the payment sweep
  const clock = { now: () => new Date() }
  // mail and the forgot-password work leave requests through the durable outbox (retried while SMTP is down)
  const outbox = createOutbox({
    db: database.db, mailer: mail, secretsKey: keyFrom(config.secretsKey), logger, clock,
    handlers: {
      forgotPassword: forgotPasswordJob(clock),
      purchaseDocument: purchaseDocumentJob({ secretsKey: config.secretsKey, origin: () => config.publicOrigin }),
    },
  })
  outbox.start()
  // the money path's sweep (issue 21): at start (what a crash left) and every PAYMENT_SWEEP_MS
  const sweeper = createPaymentSweeper({
    db: database.db, clock, timeoutMs: config.gateway.timeoutMs, intervalMs: config.gateway.sweepMs, logger,
    onIssued: () => outbox.kick(),
  })
  t = performance.now()
  await sweeper.runOnce().catch((error: unknown) => logger.log('error', 'payment sweep failed', { error: error instanceof Error ? error.message : String(error) }))
  lap('sweep', t)
  sweeper.start()

  let web: WebHost | undefined
  let vite: ViteDevServer | undefined
  if (opts.web !== false) {
    if (config.env === 'development') {
      const { createServer: createVite } = await import('vite')
      vite = await createVite({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' })
      const viteServer = vite
      web = {
        html: async (url) => viteServer.transformIndexHtml(url, await readFile(resolve(ROOT, 'index.html'), 'utf8')),
      }
    } else {
      web = await staticHost()
    }
  }

  const { sms, smsCatcher } = createSms(config.sms)
  const app = createApp({ db: database.db, config, logger, mail, mailCatcher, sms, smsCatcher, web, dbHealth: health, outbox, clock })
  const listener = getRequestListener(app.fetch)
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (vite && !req.url?.startsWith(config.apiBase + '/')) {
      vite.middlewares(req, res, () => void listener(req, res))
    } else {
      void listener(req, res)
    }
  })
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(config.port, config.host, () => ok())
  })
  lap('total', t0)
  const port = (server.address() as AddressInfo).port
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  const url = `http://${host}:${port}`
  config.publicOrigin ??= url
  logger.log('info', 'started', { url, database: database.kind, fromDump: !!loadDataDir, referenceSeed, timings, mailCatcherPort: mailCatcher?.port ?? null })
  const caught = caughtMessages(config)
  if (caught.mail || caught.sms) {
    // the catchers are the defaults, so that a fresh `npm start` works: fine for a demo, wrong for customers
    logger.log('warn', 'demo messaging: messages are caught, not sent', {
      mail: caught.mail ? 'caught by the built-in catcher unless the company sets its own mail server (MAIL_CATCHER=false turns the catcher off)' : 'sent',
      sms: caught.sms ? 'caught by the built-in catcher (set SMS_PROVIDER=netgsm and its settings to send)' : 'sent',
    })
  }

  return {
    url,
    port,
    mailCatcher,
    timings,
    generatedPassword: first.generatedPassword,
    demoPassword,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((ok) => server.close(() => ok()))
      await vite?.close()
      await sweeper.stop()
      await outbox.stop()
      await mailCatcher?.close()
      await database.close()
    },
  }
}
