import type { Context } from 'hono'
import type { ServerConfig } from './config.ts'
import type { Db } from './db/client.ts'
import type { ServerLocale } from './i18n.ts'
import type { DbHealth } from './services/db-health.ts'
import type { Logger } from './services/logger.ts'
import type { MailCatcher, Mailer } from './services/mail.ts'
import type { Outbox } from './services/outbox.ts'
import type { SmsCatcher } from './services/sms/catcher.ts'
import type { SmsPort } from './services/sms/port.ts'

export type Clock = { now(): Date }

/** How the app serves the browser app: the built files, or Vite in development. */
export type WebHost = {
  /** index.html for a navigation request, before the runtime config is injected. */
  html(url: string): Promise<string>
  /** Serves a static file (the built assets) or returns null to fall through. */
  asset?(c: Context<AppEnv>): Promise<Response | null>
}

export type AppDeps = {
  db: Db
  config: ServerConfig
  logger: Logger
  clock?: Clock
  mail?: Mailer
  /** The durable outbox's worker of this process: kicked after a request queues mail or a job. */
  outbox?: Outbox
  /** The in-process SMTP catcher, when mail goes there: its mails are readable at /dev/mail from loopback. */
  mailCatcher?: MailCatcher | null
  /** The SMS provider (issue 15); the built-in catcher when absent. */
  sms?: SmsPort
  /** The SMS catcher, when SMS go there: readable at /dev/sms from loopback. */
  smsCatcher?: SmsCatcher | null
  web?: WebHost
  /** Notes database outages (logged once each); the app makes its own when absent. */
  dbHealth?: DbHealth
}

export type AppEnv = {
  Variables: {
    deps: Required<Pick<AppDeps, 'db' | 'config' | 'logger' | 'clock'>> & AppDeps
    requestId: string
    transactionId: string
    locale: ServerLocale
    clientIp: string
    /** The request's path, percent-decoded once (http.ts decodePath). */
    path: string
    log: Logger
    encrypted: boolean
    body: unknown
    /** Set by the error handler when every pooled connection was at work (db-health: not an outage). */
    dbBusy: boolean
  }
}

