import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const LOGGER = fileURLToPath(new URL('../../src/server/services/logger.ts', import.meta.url))

/** Runs `body` in a fresh node process with the logger imported as `log`; returns its stdout. */
function run(body: string): string {
  const script = `import { createLogger, flushLog } from ${JSON.stringify(LOGGER)}\nconst log = createLogger('info')\n${body}`
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 })
  expect(r.status, r.stderr).toBe(0)
  return r.stdout
}

const messages = (out: string) => out.split('\n').filter(Boolean).map((l) => (l.startsWith('{') ? (JSON.parse(l) as { msg: string }).msg : l))

/**
 * The default sink writes the lines of one turn of the event loop together (issue 27): none may be
 * lost or reordered, also when the process exits in the same turn, and flushLog() puts them before
 * what the server prints itself.
 */
describe('the stdout log sink', () => {
  it('writes every line, in order, once the loop turns', () => {
    expect(messages(run(`log.log('info', 'a'); log.child({ requestId: 'r' }).log('warn', 'b'); log.log('debug', 'hidden'); setTimeout(() => log.log('error', 'c'), 10)`)))
      .toEqual(['a', 'b', 'c'])
  })

  it('writes the pending lines when the process exits in the same turn', () => {
    expect(messages(run(`log.log('info', 'before exit'); log.log('info', 'also'); process.exit(0)`))).toEqual(['before exit', 'also'])
  })

  it('puts pending lines before what is written directly after flushLog()', () => {
    expect(messages(run(`log.log('info', 'started'); flushLog(); process.stdout.write('  Listening on http://127.0.0.1:1\\n')`)))
      .toEqual(['started', '  Listening on http://127.0.0.1:1'])
  })

  it('still redacts card numbers in the lines it holds', () => {
    const out = run(`log.log('info', 'card', { pan: '4111 1111 1111 1111', path: '/api/v1/x/4111111111111111' })`)
    expect(out).not.toMatch(/4111/)
    expect(out).toContain('[redacted]')
  })
})
