import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The Debian PostgreSQL binaries (initdb, pg_ctl), newest version first; null when absent. */
export async function postgresBinDir(): Promise<string | null> {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = (await readdir(root)).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : null
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  await new Promise((ok) => server.close(ok))
  return port
}

/**
 * A private PostgreSQL cluster on a free loopback port, for fault tests that stop and start the
 * database. Runs as user postgres when the tests run as root (initdb refuses root).
 */
export async function startPrivateCluster(bin: string) {
  const dir = await mkdtemp(join(tmpdir(), 'ke-pg-'))
  const data = join(dir, 'data')
  const root = process.getuid?.() === 0
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    await chown(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const as = (cmd: string, args: string[]) => root ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args)
  await as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  const port = await freePort()
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  const start = () => as('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '30', 'start'])
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    async destroy() {
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
}
