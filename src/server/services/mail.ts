import nodemailer from 'nodemailer'
import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import type { AddressInfo } from 'node:net'

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  companyId?: string
  /**
   * The company mail-server settings to send through instead of the stored ones (issue 28: the
   * notice of a mail-server change goes through the server in force before it, never through the
   * one it names). Its host is checked like any company server's.
   */
  mailServer?: CompanyMailServer
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>
}
export type SmtpSettings = {
  /** The address to connect to (checked: services/mail-host.ts). */
  host: string
  /** The host name the settings named, to verify the server's TLS certificate against. */
  servername?: string
  port: number
  secure: 'none' | 'starttls' | 'tls'
  auth: { user: string; pass: string } | null
  from: string
}

export type Mailer = { send(message: MailMessage): Promise<void> }

/** A company's stored mail-server settings (services/mail-settings.ts), the SMTP password sealed. */
export type CompanyMailServer = {
  host: string
  port: number
  security: 'none' | 'starttls' | 'tls'
  authRequired: boolean
  user: string
  passwordSealed: string
  from: string
}

/** Sends through nodemailer to the SMTP server the settings name (the company's, or the catcher). */
export function createMailer(settings: (companyId?: string, override?: CompanyMailServer) => Promise<SmtpSettings>): Mailer {
  return {
    async send({ companyId, mailServer, ...message }) {
      const s = await settings(companyId, mailServer)
      const transport = nodemailer.createTransport({
        host: s.host,
        ...(s.servername ? { servername: s.servername } : {}),
        port: s.port,
        secure: s.secure === 'tls',
        requireTLS: s.secure === 'starttls',
        ignoreTLS: s.secure === 'none',
        auth: s.auth ?? undefined,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
      })
      try {
        await transport.sendMail({ from: s.from, ...message })
      } finally {
        transport.close()
      }
    },
  }
}

export type CaughtMail = {
  id: number
  at: string
  from: string
  to: string[]
  raw: string
  subject: string
  text: string
  attachments: Array<{ filename: string; contentType: string; size: number }>
}

/**
 * An SMTP server on loopback that keeps what it receives in memory: the built-in "mail catcher" of
 * development, demos and tests, so that the real SMTP path is exercised end to end.
 */
export async function startMailCatcher(opts: { port?: number; keep?: number } = {}) {
  const mails: CaughtMail[] = []
  const keep = opts.keep ?? 200
  let next = 1
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'mail catcher',
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        simpleParser(raw).then((parsed) => {
          mails.push({
            id: next++,
            at: new Date().toISOString(),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, size: a.size })),
          })
          if (mails.length > keep) mails.splice(0, mails.length - keep)
          callback()
        }, (error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    mails,
    settings: (from: string): SmtpSettings => ({ host: '127.0.0.1', port, secure: 'none', auth: null, from }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>
