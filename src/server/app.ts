import { withFiguresInForce } from './prerendered-figures.ts'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { classifyPath, redirectTarget } from '../domain/navigation.ts'
import { cookieNoticeDismissed, withoutCookieNotice } from '../domain/cookie-notice.ts'
import { ENVELOPE_HEADER, openJson, sealJson } from '../lib/envelope.ts'
import { caughtMessages, type ServerConfig } from './config.ts'
import { rememberJsonText, withGzip } from './compress.ts'
import type { AppDeps, AppEnv } from './types.ts'
import { AppError } from './errors.ts'
import { errorMessage, resolveLocale, type ErrorCode, type ServerLocale } from './i18n.ts'
import { authRoutes } from './routes/auth.ts'
import { auditRoutes } from './routes/audit.ts'
import { consentRoutes } from './routes/consent.ts'
import { tariffRoutes } from './routes/tariffs.ts'
import { tariffInForce, type TariffInForce } from './services/tariffs.ts'
import { outboxRoutes } from './routes/outbox.ts'
import { clientRoutes } from './routes/client.ts'
import { healthRoutes } from './routes/health.ts'
import { dashboardRoutes } from './routes/dashboard.ts'
import { companyRoutes, LOGO_MAX_BYTES } from './routes/company.ts'
import { imageRoutes } from './routes/images.ts'
import { partyRoutes } from './routes/party.ts'
import { groupRoutes } from './routes/group.ts'
import { roleRoutes } from './routes/role.ts'
import { devRoutes } from './routes/dev.ts'
import { logRoutes } from './routes/log.ts'
import { lookupRoutes } from './routes/lookup.ts'
import { meRoutes } from './routes/me.ts'
import { searchRoutes } from './routes/search.ts'
import { notificationRoutes } from './routes/notification.ts'
import { salesRoutes } from './routes/sales.ts'
import { myConsentsRoutes } from './routes/my-consents.ts'
import { documentRoutes } from './routes/documents.ts'
import { bankSimulatorRoutes } from './routes/bank-simulator.ts'
import { isFramePagePath, paymentCallbackRoutes, paymentRoutes } from './routes/payment.ts'
import { paymentActionRoutes } from './routes/payment-actions.ts'
import { userRoutes } from './routes/user.ts'
import { clientIpOf } from './services/client-ip.ts'
import { BUSY_RETRY_AFTER_S, RETRY_AFTER_S, dbHealth, describeDbError, isDatabaseBusy, isDatabaseUnavailable } from './services/db-health.ts'
import { decodePath, pathForLog } from './http.ts'

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/

function headerId(c: Context, name: string): string {
  const value = c.req.header(name)
  if (value === undefined || value === '') return crypto.randomUUID()
  if (!ID_PATTERN.test(value)) throw new AppError(400, 'BAD_HEADER', [{ path: name, code: 'invalid' }])
  return value
}

function securityHeaders(config: ServerConfig): MiddlewareHandler<AppEnv> {
  const dev = config.env === 'development'
  const inspectorOpen = dev || config.inspector
  // the 3-D frame shows the gateway's pages: a real bank's origin joins frame-src and form-action
  const bank = config.gateway.kind === 'nestpay' && config.gateway.nestpay ? ` ${new URL(config.gateway.nestpay.url).origin}` : ''
  const csp = [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline'" : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    `frame-src 'self'${bank}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${bank}`,
    "frame-ancestors 'none'",
  ].join('; ')
  return async (c, next) => {
    await next()
    const h = c.res.headers
    // the only exception to frame-ancestors 'none': the pages shown inside our own 3-D frame (the
    // bank simulator's, the callback page), which set their own CSP with frame-ancestors 'self'
    const framePage = isFramePagePath(new URL(c.req.url).pathname, config.apiBase) && /frame-ancestors 'self'/.test(h.get('Content-Security-Policy') ?? '')
    if (framePage) h.set('X-Frame-Options', 'SAMEORIGIN')
    else h.set('Content-Security-Policy', csp)
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    if (!framePage) h.set('X-Frame-Options', 'DENY')
    // the Stately inspector (INSPECTOR=true, and development) lives in a window this page opens:
    // `same-origin` would put it in another browsing context group, cutting the link its messages
    // travel by; `same-origin-allow-popups` keeps the popups this page opens, and still severs
    // every page that opens this one (docs/decisions/inspector.md)
    h.set('Cross-Origin-Opener-Policy', inspectorOpen ? 'same-origin-allow-popups' : 'same-origin')
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (config.hsts) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
}

function errorBody(c: Context<AppEnv>, code: ErrorCode, issues?: unknown, params?: AppError['params']) {
  const locale = c.get('locale') ?? 'tr'
  const message = errorMessage(code, locale, params?.(locale))
  return issues ? { code, message, issues } : { code, message }
}

/** Opens `encrypted: true` request bodies and seals JSON answers to such requests (spec 7.1). */
function envelope(config: ServerConfig): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const encrypted = c.req.header(ENVELOPE_HEADER) === 'true'
    c.set('encrypted', encrypted)
    if (encrypted && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const text = await c.req.text()
      try {
        c.set('body', text.trim() === '' ? {} : openJson(text, config.envelopeKey))
      } catch {
        throw new AppError(400, 'BAD_ENVELOPE')
      }
    }
    await next()
    if (encrypted && c.res.headers.get('content-type')?.startsWith('application/json')) {
      const json: unknown = await c.res.clone().json()
      const headers = new Headers(c.res.headers)
      headers.set('content-type', 'text/plain; charset=utf-8')
      headers.set(ENVELOPE_HEADER, 'true')
      headers.delete('content-length')
      headers.delete('etag')
      c.res = new Response(sealJson(json, config.envelopeKey), { status: c.res.status, headers })
    }
  }
}

function injectConfig(html: string, config: ServerConfig, tariff: TariffInForce | null): string {
  const publicConfig = {
    apiBase: config.apiBase,
    paymentApiBase: config.paymentApiBase,
    mainSiteOrigin: config.mainSiteOrigin,
    encryptRequests: config.encryptRequests,
    envelopeKey: config.encryptRequests ? config.envelopeKey : null,
    inspector: config.inspector,
    caughtMessages: caughtMessages(config),
    // the tariff version in force (issue 24): the page's quick quotes and fund table price with it
    tariff: tariff ? { id: tariff.id, version: tariff.version, effectiveFrom: tariff.effectiveFrom, figures: tariff.figures } : null,
  }
  const json = JSON.stringify(publicConfig).replace(/</g, '\\u003c')
  return html.replace('<!--app-config-->', `<script type="application/json" id="app-config">${json}</script>`)
}

export function createApp(deps: AppDeps) {
  const { config } = deps
  const full = { clock: { now: () => new Date() }, ...deps }
  const health = deps.dbHealth ?? dbHealth(deps.logger)
  const app = new Hono<AppEnv>()

  // the text of every c.json answer, for gzip (./compress.ts)
  app.use('*', rememberJsonText())
  app.use('*', async (c, next) => {
    const started = performance.now()
    c.set('deps', full)
    c.set('locale', resolveLocale(c.req.header('locale'), c.req.header('accept-language')))
    c.set('clientIp', clientIpOf(c, config.trustProxy))
    let requestId: string = crypto.randomUUID()
    let transactionId: string = requestId
    try {
      requestId = headerId(c, 'requestId')
      transactionId = headerId(c, 'transactionId')
    } finally {
      c.set('requestId', requestId)
      c.set('transactionId', transactionId)
      c.set('log', full.logger.child({ requestId, transactionId }))
    }
    await next()
    c.res.headers.set('requestId', requestId)
    c.res.headers.set('transactionId', transactionId)
    // the decoded path (the logger redacts card data from it), or the raw one when it was refused
    // a 503 (database outage) is logged once as such by db-health, not as an error per request
    c.get('log').log(c.res.status >= 500 && c.res.status !== 503 ? 'error' : 'info', 'request', {
      method: c.req.method,
      path: c.get('path') ?? pathForLog(new URL(c.req.url).pathname),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    })
  })
  app.use('*', securityHeaders(config))
  app.use('*', async (c, next) => {
    const path = decodePath(new URL(c.req.url).pathname)
    if (path === null) throw new AppError(400, 'BAD_PATH')
    c.set('path', path)
    await next()
  })

  // Every service under its own base path (spec 7.1; by default all under API_BASE). Services that
  // share a base share one sub-app, so that one catch-all 404 closes each base.
  const bases = new Map<string, Hono<AppEnv>>()
  const serviceAt = (base: string) => {
    let api = bases.get(base)
    if (!api) {
      api = new Hono<AppEnv>()
      api.use('*', async (c, next) => {
        await next()
        if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
      })
      // while the database cannot be reached, answer at once (db-health: one probe at a time waits)
      api.use('*', async (c, next) => {
        const pass = health.admit()
        if (!pass.go) {
          c.header('Retry-After', String(RETRY_AFTER_S))
          throw new AppError(503, 'SERVICE_UNAVAILABLE')
        }
        let reachable = false
        try {
          await next()
          // a busy pool (SERVER_BUSY) is a database that answers
          reachable = c.res.status !== 503 || c.get('dbBusy') === true
        } finally {
          pass.settled(reachable)
        }
      })
      const limit = bodyLimit({ maxSize: config.bodyLimitBytes, onError: () => { throw new AppError(413, 'PAYLOAD_TOO_LARGE') } })
      // image uploads (the company logo, a user's photo) have their own, larger limit
      const uploadLimit = bodyLimit({ maxSize: LOGO_MAX_BYTES, onError: () => { throw new AppError(413, 'PAYLOAD_TOO_LARGE') } })
      api.use('*', (c, next) => {
        const method = c.req.method
        // no body to limit (hono's bodyLimit lets these through too)
        if (method === 'GET' || method === 'HEAD') return next()
        const upload = method === 'POST' && /\/(logo|photo)$/.test(c.req.path)
        // a declared length (the HTTP parser holds the body to it) is checked as hono's bodyLimit
        // checks it, without building the web Request and its body stream just to ask for them
        const length = c.req.header('content-length')
        if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
          if (Number.parseInt(length, 10) > (upload ? LOGO_MAX_BYTES : config.bodyLimitBytes)) throw new AppError(413, 'PAYLOAD_TOO_LARGE')
          return next()
        }
        // chunked: counted while read
        return (upload ? uploadLimit : limit)(c, next)
      })
      api.use('*', envelope(config))
      bases.set(base, api)
    }
    return api
  }
  const main = serviceAt(config.apiBase)
  main.route('/auth', authRoutes())
  main.route('/lookup', lookupRoutes())
  main.route('/audit', auditRoutes())
  main.route('/consent', consentRoutes())
  main.route('/outbox', outboxRoutes())
  main.route('/user', userRoutes())
  main.route('/group', groupRoutes())
  main.route('/role', roleRoutes())
  main.route('/company', companyRoutes())
  main.route('/images', imageRoutes())
  main.route('/party', partyRoutes())
  if ((deps.mailCatcher || deps.smsCatcher) && config.devRoutes.enabled) main.route('/dev', devRoutes(deps.mailCatcher ?? null, deps.smsCatcher ?? null, config.devRoutes.token))
  main.route('/notification', notificationRoutes())
  main.route('/digitalchannels/consents', myConsentsRoutes())
  main.route('/digitalchannels/documents', documentRoutes())
  main.route('/digitalchannels', salesRoutes())
  main.route('/client', clientRoutes())
  main.route('/health', healthRoutes())
  main.route('/log', logRoutes())
  main.route('/', meRoutes())
  main.route('/dashboard', dashboardRoutes())
  main.route('/search', searchRoutes())
  main.route('/payment', paymentActionRoutes())
  main.route('/tariff', tariffRoutes())
  serviceAt(config.paymentApiBase).route('/moneyio/collection', paymentRoutes())
  if (config.gateway.kind === 'banksim') main.route('/banksim', bankSimulatorRoutes())
  // longer bases first, so that /api/v1 does not swallow /api/v1/payment
  for (const [base, api] of [...bases].sort(([a], [b]) => b.length - a.length)) {
    api.all('*', () => { throw new AppError(404, 'NOT_FOUND') })
    app.route(base, api)
  }
  // the bank's cross-site callback to OkUrl / FailUrl (no custom headers: it is a form POST)
  app.route('/', paymentCallbackRoutes())

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json(errorBody(c, err.code, err.issues, err.params), err.status as ContentfulStatusCode)
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code: ErrorCode = err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 404 ? 'NOT_FOUND' : 'VALIDATION'
      return c.json(errorBody(c, code), err.status as ContentfulStatusCode)
    }
    if (isDatabaseBusy(err)) {
      health.busy()
      c.set('dbBusy', true)
      c.header('Retry-After', String(BUSY_RETRY_AFTER_S))
      return c.json(errorBody(c, 'SERVER_BUSY'), 503)
    }
    if (isDatabaseUnavailable(err)) {
      health.down(err)
      c.header('Retry-After', String(RETRY_AFTER_S))
      return c.json(errorBody(c, 'SERVICE_UNAVAILABLE'), 503)
    }
    const log = c.get('log') ?? full.logger
    // the stack's frames only: a failed query's message carries its parameters
    const stack = err instanceof Error ? err.stack?.split('\n').filter((line) => /^\s+at /.test(line)).join('\n') : undefined
    log.log('error', 'unhandled', { error: describeDbError(err), stack })
    return c.json(errorBody(c, 'UNEXPECTED'), 500)
  })

  // The browser app: assets, then navigation requests under the spec's guard.
  const web = deps.web
  if (web) {
    app.get('*', async (c) => {
      const asset = web.asset ? await web.asset(c) : null
      if (asset) return asset
      const url = new URL(c.req.url)
      if (classifyPath(url.pathname) === 'redirect') {
        return c.redirect(redirectTarget(config.mainSiteOrigin), 302)
      }
      // without the database the page still serves: its quotes then use the figures it was built with
      const tariff = await tariffInForce(full.db, full.clock.now()).catch(() => null)
      let html = injectConfig(withFiguresInForce(await web.html(url.pathname + url.search), tariff?.figures), config, tariff)
      // a page's cookie notice is in its markup until the browser has closed it (domain/cookie-notice.ts)
      if (cookieNoticeDismissed(c.req.header('cookie'))) html = withoutCookieNotice(html)
      c.header('Cache-Control', 'no-cache')
      c.header('Vary', 'Cookie')
      return c.html(html)
    })
  }
  app.notFound((c) => c.json(errorBody(c, 'NOT_FOUND'), 404))
  // gzip for pages and JSON of 1 KiB and more, on the finished answer (the built assets come
  // pre-compressed from the static host)
  return withGzip(app, 1024)
}

export type App = ReturnType<typeof createApp>
export type { AppDeps, AppEnv, Clock, WebHost } from './types.ts'
