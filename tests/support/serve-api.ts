import { loadConfig } from '../../src/server/config.ts'
import { startServer } from '../../src/server/main.ts'

/**
 * The API server alone (no built browser app), as a child process the fault tests can kill -9:
 * `node tests/support/serve-api.ts` with the server's environment; prints "Listening on <url>".
 */
const server = await startServer(loadConfig(), { web: false })
process.stdout.write(`Listening on ${server.url}\n`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.close().then(() => process.exit(0), () => process.exit(1)))
