/**
 * `npm run test:smoke`: the README's first command on a fresh clone. Clones this repository's
 * committed HEAD into a temporary folder, runs `npm install` and `npm start` there (PORT=0, its
 * own PGlite folder), waits for "Listening on", then fetches `/` and `API_BASE/health`, stops the
 * server and removes the clone. Exits 1 with the step that failed and the tail of its output.
 * `npm install` prefers npm's cache (npm_config_prefer_offline: no registry round trip for a
 * package the cache holds; CI filled it with its own `npm ci`), and still installs every package
 * of the lockfile into the clone's own node_modules.
 *
 * Uncommitted changes are not in the clone: commit first (CI runs on a commit).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..')
const started = Date.now()
const dir = mkdtempSync(join(tmpdir(), 'ke-smoke-'))
const clone = join(dir, 'repo')
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`

function fail(step: string, output = ''): never {
  console.error(`smoke test FAILED at: ${step} (${seconds()})`)
  if (output) console.error(output.split('\n').slice(-40).join('\n'))
  rmSync(dir, { recursive: true, force: true })
  process.exit(1)
}

function run(step: string, cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_prefer_offline: 'true' } })
  if (r.status !== 0) fail(step, `${r.stdout ?? ''}\n${r.stderr ?? ''}`)
  console.log(`ok: ${step} (${seconds()})`)
}

run(`git clone (HEAD ${spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim()})`, 'git', ['clone', '--quiet', ROOT, clone], dir)
run('npm install', 'npm', ['install'], clone)

// npm start: the Node check, the production build, then the server (a process group, stopped as one)
const server = spawn('npm', ['start'], {
  cwd: clone,
  detached: true,
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), DATABASE_URL: '', NODE_ENV: '' },
  stdio: ['ignore', 'pipe', 'pipe'],
})
let output = ''
server.stdout.on('data', (c: Buffer) => { output += c.toString() })
server.stderr.on('data', (c: Buffer) => { output += c.toString() })
const stop = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM')
  } catch {
    // already gone
  }
}

const url = await new Promise<string>((ok) => {
  const timer = setTimeout(() => { stop(); fail('npm start: no "Listening on" within 10 minutes', output) }, 600_000)
  const check = () => {
    const m = /Listening on (http:\/\/\S+)/.exec(output)
    if (m) {
      clearTimeout(timer)
      ok(m[1]!)
    }
  }
  server.stdout.on('data', check)
  server.once('exit', (code) => { clearTimeout(timer); fail(`npm start exited with ${code} before listening`, output) })
})
server.removeAllListeners('exit')
console.log(`ok: npm start, listening on ${url} (${seconds()})`)

try {
  if (!/First start: superadmin "admin" was created with the password/.test(output)) throw new Error('the first start did not print the superadmin\'s password')
  const home = await fetch(url + '/')
  const html = await home.text()
  if (home.status !== 200 || !html.includes('<div id="root"') || !/Katılım/.test(html)) throw new Error(`GET / answered ${home.status}, without the app`)
  const health = await fetch(url + '/api/v1/health')
  const body = await health.text()
  if (health.status !== 200 || JSON.parse(body).status !== 'ok') throw new Error(`GET /api/v1/health answered ${health.status} ${body}`)
  console.log(`ok: GET / (${html.length} bytes) and GET /api/v1/health ${body} (${seconds()})`)
} catch (error) {
  stop()
  fail(error instanceof Error ? error.message : String(error), output)
}

const stopping = Date.now()
stop()
await new Promise<void>((ok) => {
  const kill = setTimeout(() => { console.error('the server did not stop within 30 s of SIGTERM: killed'); process.kill(-server.pid!, 'SIGKILL') }, 30_000)
  server.once('exit', () => { clearTimeout(kill); ok() })
})
console.log(`ok: stopped ${Date.now() - stopping} ms after SIGTERM`)
rmSync(dir, { recursive: true, force: true })
console.log(`smoke test passed: fresh clone, npm install && npm start, / and the API health answer (${seconds()})`)
