/**
 * `npm test`: every test. Unit, machine, server and component tests (vitest), then the production
 * build and the end-to-end tests in Chromium when a browser exists. Without one it prints a loud
 * notice, or fails when CI=true or E2E_REQUIRED=1. Ends with one "N passed, N failed" line.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, mkdirSync } from 'node:fs'

type Report = { numPassedTests: number; numFailedTests: number; numPendingTests: number }

const started = Date.now()
mkdirSync('test-results', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }
let ok = true

function run(cmd: string, args: string[]): boolean {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env })
  return r.status === 0
}

function count(file: string) {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
  totals.skipped += report.numPendingTests
}

const vitest = ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json']
ok = run(process.execPath, [...vitest, '--outputFile.json=test-results/unit.json']) && ok
count('test-results/unit.json')

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium'
const required = process.env.CI === 'true' || process.env.E2E_REQUIRED === '1'
if (existsSync(chrome)) {
  const built = run('npm', ['run', 'build', '--silent'])
  ok = built && ok
  if (built) {
    ok = run(process.execPath, [...vitest, '--config', 'vitest.e2e.config.ts', '--outputFile.json=test-results/e2e.json']) && ok
    count('test-results/e2e.json')
  }
} else {
  const line = '!'.repeat(78)
  console.error(`\n${line}\n!! END-TO-END TESTS NOT RUN: no Chromium at ${chrome} (set CHROME_PATH, or apt-get install chromium)\n${line}\n`)
  if (required) {
    console.error('CI=true or E2E_REQUIRED=1: a missing browser fails the run.')
    ok = false
  }
}

const seconds = Math.round((Date.now() - started) / 1000)
console.log(`\nnpm test took ${seconds} s`)
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(ok && totals.failed === 0 ? 0 : 1)
