import { loadConfig } from './config.ts'
import { startServer } from './main.ts'
import { flushLog } from './services/logger.ts'

const config = loadConfig()
const server = await startServer(config)
// the log lines of the start-up first, then what is printed for the person starting the server
flushLog()
if (server.generatedPassword) {
  // Printed once, at the first start only: the database keeps just the argon2id hash.
  process.stdout.write(
    `\n  First start: superadmin "${config.adminUsername}" was created with the password\n\n      ${server.generatedPassword}\n\n` +
    '  Keep it now; it is not shown again (set ADMIN_PASSWORD before the first start to choose it).\n\n',
  )
}
if (server.demoPassword) {
  process.stdout.write(
    `  Demo staff (ayse.yilmaz, mehmet.demir, zeynep.arslan, burak.celik, and elif.kaya whose password has expired) share the password\n\n      ${server.demoPassword}\n\n`,
  )
}
process.stdout.write(`  Listening on ${server.url}\n`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    server.close().then(() => process.exit(0), () => process.exit(1))
  })
}
