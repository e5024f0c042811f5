import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const dirs = new Map<string, string>()

/** The installed directory of a production dependency (walks up from its resolved entry point). */
export function packageDir(name: string): string {
  const known = dirs.get(name)
  if (known) return known
  let dir = dirname(require.resolve(name))
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }
      if (pkg.name === name) {
        dirs.set(name, dir)
        return dir
      }
    } catch {
      // no package.json at this level: keep walking up
    }
    const up = dirname(dir)
    if (up === dir) throw new Error(`reference data: cannot find the directory of package ${name}`)
    dir = up
  }
}

export function packageVersion(name: string): string {
  const pkg = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8')) as { version?: unknown }
  if (typeof pkg.version !== 'string') throw new Error(`reference data: package ${name} has no version`)
  return pkg.version
}

/** A JSON file shipped inside a package, read by path (used where the package's exports map does not expose it). */
export function readPackageJson(name: string, file: string): unknown {
  return JSON.parse(readFileSync(join(packageDir(name), file), 'utf8'))
}
