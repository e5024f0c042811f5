import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { TEST_ADMIN } from '../support/constants.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    serverLog: string
  }
}

const ROOT = resolve(import.meta.dirname, '../..')

/** Starts `node src/server/index.ts` (what `npm start` runs after building) on a free loopback port. */
export default async function setup(project: TestProject) {
  await mkdir(resolve(ROOT, 'test-results'), { recursive: true })
  const serverLog = resolve(ROOT, 'test-results/e2e-server.log')
  const out = createWriteStream(serverLog)
  const child: ChildProcess = spawn(process.execPath, ['src/server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: 'memory://',
      DATABASE_URL: '',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      HSTS: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const baseUrl = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('server did not start within 90 s; see ' + serverLog)), 90_000)
    let buffer = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out.write(chunk)
      buffer += chunk.toString()
      const m = /Listening on (http:\/\/\S+)/.exec(buffer)
      if (m) {
        clearTimeout(timer)
        ok(m[1]!)
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => out.write(chunk))
    child.once('exit', (code) => fail(new Error(`server exited with ${code}; see ${serverLog}`)))
  })
  project.provide('baseUrl', baseUrl)
  project.provide('serverLog', serverLog)
  return async () => {
    child.kill('SIGTERM')
    await new Promise((ok) => child.once('exit', ok))
    out.end()
  }
}
