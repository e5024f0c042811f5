import { appendFileSync, mkdirSync, readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { afterAll } from 'vitest'

/**
 * A setup file of every vitest project (unit, web, server, e2e): when a test file ends, one line
 * of what it cost goes to test-results/cpu/<project>.jsonl: the CPU seconds of its worker process
 * (imports, tests, hooks), those of the child processes it started and waited for (servers,
 * Chromium: the kernel adds a child's time to its parent once reaped), and its wall seconds.
 * `npm test` prints the heaviest files per stage (scripts/test.ts), the measure to cut by: on a
 * shared 2-core machine CPU seconds are steadier than wall time.
 *
 * Each file runs in a worker process of its own (vitest's isolate), so the figures are the file's;
 * with isolation off they are the difference since the file's start.
 */
const ROOT = resolve(import.meta.dirname, '../..')
const DIR = resolve(ROOT, 'test-results/cpu')

/** Self and reaped-children CPU seconds, from /proc (Linux); null elsewhere. */
function cpu(): { self: number; children: number } | null {
  try {
    // the fields after the command's closing parenthesis: utime is the 14th field of the line, i.e. the 12th after it
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [number, number, number, number]
    const tick = 100 // USER_HZ: 100 on every Linux the project runs on
    return { self: (utime + stime) / tick, children: (cutime + cstime) / tick }
  } catch {
    return null
  }
}

const start = cpu()
const startedAt = Date.now()

afterAll(() => {
  const end = cpu()
  if (!start || !end) return
  const state = (globalThis as unknown as { __vitest_worker__?: { filepath?: string; config?: { name?: string } } }).__vitest_worker__
  const file = state?.filepath ? relative(ROOT, state.filepath) : 'unknown'
  const project = process.env.CPU_REPORT_NAME || state?.config?.name || 'vitest'
  try {
    mkdirSync(DIR, { recursive: true })
    const line = {
      file,
      cpu: +(end.self - start.self).toFixed(2),
      children: +(end.children - start.children).toFixed(2),
      wall: +((Date.now() - startedAt) / 1000).toFixed(1),
    }
    appendFileSync(resolve(DIR, `${project}.jsonl`), JSON.stringify(line) + '\n')
  } catch {
    // a report that cannot be written must not fail the tests
  }
})
