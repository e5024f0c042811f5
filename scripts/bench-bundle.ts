/**
 * What each route of the production build loads with the page, before any lazy import: its files,
 * raw and gzipped bytes (JS and CSS) and the gzipped JavaScript alone, from Vite's manifest in
 * dist/client. A route counts its own chunks, its parent layouts' chunks (`_site.tsx` for every
 * public page, `navbar.tsx` for the staff pages) and the Turkish catalog parts its path loads
 * before it renders (src/web/i18n/parts.ts: the root route's `beforeLoad` imports them).
 * Used by `npm run bench` (the table) and its budgets (`--budget`).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { partsOf } from '../src/web/i18n/parts.ts'

type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }
type Manifest = Record<string, Chunk>

export type RouteSize = { route: string; files: number; raw: number; gz: number; jsGz: number }
export type BundleSizes = {
  routes: RouteSize[]
  entry: { gz: number; jsGz: number }
  lazy: Array<{ name: string; gz: number }>
}

const sizes = new Map<string, { raw: number; gz: number }>()
async function size(file: string) {
  let s = sizes.get(file)
  if (!s) {
    const buf = await readFile(join('dist/client', file))
    sizes.set(file, (s = { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length }))
  }
  return s
}

/** The files a chunk pulls in statically (what loads with it, before any lazy import). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const files = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const i of chunk.imports ?? []) visit(i)
  }
  keys.forEach(visit)
  return files
}

async function measure(files: Set<string>) {
  let raw = 0
  let gz = 0
  let jsGz = 0
  for (const f of files) {
    const s = await size(f)
    raw += s.raw
    gz += s.gz
    if (f.endsWith('.js')) jsGz += s.gz
  }
  return { raw, gz, jsGz }
}

export async function bundleSizes(): Promise<BundleSizes> {
  const manifest = JSON.parse(await readFile('dist/client/.vite/manifest.json', 'utf8')) as Manifest
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!
  // route chunks: TanStack's code-split route modules (src/web/routes/**?tsr-split=...)
  const routeKeys = new Map<string, string[]>()
  const fileOf = new Map<string, string>()
  for (const key of Object.keys(manifest)) {
    const m = /^src\/web\/routes\/(.+?)\.tsx\?tsr-split=/.exec(key)
    if (!m) continue
    const path = '/' + m[1]!.replace(/(^|\/)_[^/]+/g, '').replace(/(^|\/)index$/, '').replace(/^\//, '')
    routeKeys.set(path, [...(routeKeys.get(path) ?? []), key])
    fileOf.set(path, m[1]!)
  }
  // a route's parent layouts: the route files its file's name extends (`_site` of `_site/urunler/market/tss`)
  const splitKeys = (file: string) => Object.keys(manifest).filter((k) => k.startsWith(`src/web/routes/${file}.tsx?tsr-split=`))
  const parents = (file: string) => [...file.matchAll(/[/.]/g)].flatMap((m) => splitKeys(file.slice(0, m.index)))
  const base = closure(manifest, [entry])
  const routes: RouteSize[] = []
  for (const route of [...routeKeys.keys()].sort()) {
    const catalogParts = partsOf(route).map((part) => `virtual:catalog/tr/${part}`)
    for (const key of catalogParts) if (!manifest[key]) throw new Error(`no ${key} in the manifest`)
    const files = new Set([...base, ...closure(manifest, [...routeKeys.get(route)!, ...parents(fileOf.get(route)!), ...catalogParts])])
    routes.push({ route, files: files.size, ...(await measure(files)) })
  }
  const entrySize = await measure(base)
  const lazy = []
  for (const c of Object.values(manifest).filter((c) => c.isDynamicEntry && !/tsr-split/.test(c.src ?? ''))) {
    lazy.push({ name: c.src ?? c.file, gz: (await size(c.file)).gz })
  }
  return { routes, entry: { gz: entrySize.gz, jsGz: entrySize.jsGz }, lazy }
}
