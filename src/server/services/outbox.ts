import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { outbox, rateCounter } from '../db/schema.ts'
import type { Logger } from './logger.ts'
import type { CompanyMailServer, Mailer } from './mail.ts'
import { open, seal } from './secrets.ts'

/** A file sent with a mail (the purchase's PDF): its bytes as base64, sealed with the text. */
export type MailAttachment = { filename: string; contentType: string; base64: string }
type QueuedMail = { to: string; subject: string; text: string; companyId?: string; attachments?: MailAttachment[]; mailServer?: CompanyMailServer }

/** What a job handler may do: send mail now, or turn its row into a mail row (sent and retried like any). */
export type JobResult = { mail: QueuedMail } | null

/** Runs a job of a kind; it should be idempotent enough to run again after a crash. */
export type JobHandler = (payload: Record<string, unknown>, tx: Db) => Promise<JobResult>

export type OutboxOptions = {
  db: Db
  mailer: Mailer | undefined
  secretsKey: Buffer
  logger: Logger
  handlers?: Record<string, JobHandler>
  /** First retry after this, doubling up to `retryMaxMs` (defaults 5 s and 10 min). */
  retryBaseMs?: number
  retryMaxMs?: number
  /** How often the worker looks for due rows when nobody kicks it (default 5 s). */
  pollMs?: number
  /** How often sent mail and old rate counters are pruned (default hourly). */
  pruneMs?: number
  /** The app's clock: rate counters are written by it, so they are pruned by it too (default: real time). */
  clock?: { now(): Date }
}

const CLAIM_MS = 60_000
const BATCH = 20

/** Queues a mail: its text is sealed in the row; the worker sends it and retries until it goes. */
export async function enqueueMail(db: Db, secretsKey: Buffer, mail: { to: string; subject: string; text: string; companyId?: string; attachments?: MailAttachment[]; mailServer?: CompanyMailServer }): Promise<string> {
  const [row] = await db.insert(outbox).values({ kind: 'mail', payload: mailPayload(secretsKey, mail), ...mailShown(mail), nextAttemptAt: new Date(), createdAt: new Date() })
    .returning({ id: outbox.id })
  return row!.id
}

/** The columns the outbox page reads (the text stays sealed in the payload). */
function mailShown(mail: QueuedMail) {
  return { companyId: mail.companyId ?? null, recipient: mail.to, subject: mail.subject.slice(0, 300) }
}

/** Sent mail is kept this long on the outbox page, then pruned (issue 25 item 3). */
export const OUTBOX_RETENTION_MS = 30 * 86_400_000
/** Rate counters are pruned once their window is long over (no window is longer than an hour). */
export const RATE_COUNTER_RETENTION_MS = 86_400_000

/**
 * Deletes sent outbox rows older than the retention and rate counters whose window ended long ago.
 * Unsent rows are never pruned: a failing mail stays visible until it goes or someone acts.
 */
export async function pruneOutbox(db: Db, now: Date, retentionMs = OUTBOX_RETENTION_MS): Promise<{ mails: number; counters: number }> {
  const mails = await db.delete(outbox).where(and(isNotNull(outbox.doneAt), lt(outbox.doneAt, new Date(now.getTime() - retentionMs)))).returning({ id: outbox.id })
  const counters = await db.delete(rateCounter).where(lt(rateCounter.windowStart, new Date(now.getTime() - RATE_COUNTER_RETENTION_MS))).returning({ key: rateCounter.key })
  return { mails: mails.length, counters: counters.length }
}

/** Queues a job of a kind that a handler of the worker knows. */
export async function enqueueJob(db: Db, kind: string, payload: Record<string, unknown>) {
  await db.insert(outbox).values({ kind, payload, nextAttemptAt: new Date(), createdAt: new Date() })
}

function mailPayload(secretsKey: Buffer, mail: QueuedMail) {
  const content = {
    subject: mail.subject, text: mail.text,
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    // the settings to send through (sealed with the text: they name a server and hold its sealed password)
    ...(mail.mailServer ? { mailServer: mail.mailServer } : {}),
  }
  return { to: mail.to, companyId: mail.companyId ?? null, sealed: seal(JSON.stringify(content), secretsKey) }
}

/**
 * The worker of one server process. Several processes on one PostgreSQL share the table: a row is
 * claimed for a minute with FOR UPDATE SKIP LOCKED, so that only one of them works on it.
 * Retry times are the real clock (retries are operations, not business time); pruning follows the
 * app's clock, which wrote the rate counters it prunes.
 */
export function createOutbox(opts: OutboxOptions) {
  const { db, logger } = opts
  const retryBase = opts.retryBaseMs ?? 5_000
  const retryMax = opts.retryMaxMs ?? 600_000
  let timer: ReturnType<typeof setInterval> | null = null
  let pruner: ReturnType<typeof setInterval> | null = null
  const prune = async () => {
    try {
      const pruned = await pruneOutbox(db, (opts.clock ?? { now: () => new Date() }).now())
      if (pruned.mails || pruned.counters) logger.log('info', 'outbox pruned', pruned)
    } catch (error) {
      logger.log('error', 'outbox prune failed', { error: error instanceof Error ? error.message : String(error) })
    }
  }
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  async function claim(): Promise<Array<typeof outbox.$inferSelect>> {
    const now = new Date()
    const due = db.select({ id: outbox.id }).from(outbox)
      .where(and(isNull(outbox.doneAt), lte(outbox.nextAttemptAt, now), or(isNull(outbox.claimedUntil), lte(outbox.claimedUntil, now))))
      .orderBy(asc(outbox.nextAttemptAt)).limit(BATCH).for('update', { skipLocked: true })
    return db.update(outbox).set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) }).where(inArray(outbox.id, due)).returning()
  }

  async function send(row: typeof outbox.$inferSelect) {
    const p = row.payload as { to: string; companyId: string | null; sealed: string }
    if (!opts.mailer) throw new Error('no mailer configured')
    const { subject, text, attachments, mailServer } = JSON.parse(open(p.sealed, opts.secretsKey)) as { subject: string; text: string; attachments?: MailAttachment[]; mailServer?: CompanyMailServer }
    const files = attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') }))
    await opts.mailer.send({ to: p.to, subject, text, ...(p.companyId ? { companyId: p.companyId } : {}), ...(files ? { attachments: files } : {}), ...(mailServer ? { mailServer } : {}) })
  }

  async function work(row: typeof outbox.$inferSelect) {
    try {
      if (row.kind !== 'mail') {
        const handler = opts.handlers?.[row.kind]
        if (!handler) throw new Error(`no handler for ${row.kind}`)
        // the job and its conversion into a mail row commit together: a crash repeats neither half
        const result = await db.transaction(async (tx) => {
          const out = await handler(row.payload, tx as unknown as Db)
          if (out) await tx.update(outbox).set({ kind: 'mail', payload: mailPayload(opts.secretsKey, out.mail), ...mailShown(out.mail) }).where(eq(outbox.id, row.id))
          else await tx.update(outbox).set({ doneAt: new Date(), payload: {}, claimedUntil: null }).where(eq(outbox.id, row.id))
          return out
        })
        if (!result) return
        const [mailRow] = await db.select().from(outbox).where(eq(outbox.id, row.id))
        row = mailRow!
      }
      await send(row)
      // the sealed text goes once sent: the outbox keeps no temporary password longer than needed
      await db.update(outbox).set({ doneAt: new Date(), payload: {}, claimedUntil: null, lastError: null }).where(eq(outbox.id, row.id))
    } catch (error) {
      const attempts = row.attempts + 1
      const delay = Math.min(retryMax, retryBase * 2 ** Math.min(attempts - 1, 20))
      const message = error instanceof Error ? error.message : String(error)
      await db.update(outbox).set({ attempts, lastError: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + delay), claimedUntil: null })
        .where(eq(outbox.id, row.id))
      // logged once per attempt, without the mail's content
      logger.log('error', row.kind === 'mail' ? 'mail failed' : 'outbox job failed', { kind: row.kind, id: row.id, attempts, retryInMs: delay, error: message })
    }
  }

  async function runOnce() {
    for (;;) {
      const rows = await claim()
      if (rows.length === 0) return
      for (const row of rows) await work(row)
      if (stopped) return
    }
  }

  function run(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          await runOnce()
        } catch (error) {
          logger.log('error', 'outbox worker failed', { error: error instanceof Error ? error.message : String(error) })
        }
      } while (again && !stopped)
    })().finally(() => { running = null })
    return running
  }

  return {
    /** Looks for due rows now (after an enqueue), besides the periodic look. */
    kick() {
      if (!stopped) void run()
    },
    /** Processes every row due now (tests). */
    drain: () => run(),
    /** Prunes now, as the hourly timer does (tests). */
    prune: () => prune(),
    start() {
      stopped = false
      timer ??= setInterval(() => void run(), opts.pollMs ?? 5_000)
      timer.unref?.()
      pruner ??= setInterval(() => void prune(), opts.pruneMs ?? 3_600_000)
      pruner.unref?.()
      void run()
      void prune()
    },
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      if (pruner) clearInterval(pruner)
      timer = null
      pruner = null
      await running
    },
    /** Rows not sent yet (operators, tests). */
    pending: async () => (await db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(isNull(outbox.doneAt)))[0]!.n,
  }
}

export type Outbox = ReturnType<typeof createOutbox>
