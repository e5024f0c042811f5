import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU seconds of processes the runner's own accounting misses (issue 26 item 9): a process's time
 * reaches its parent's "children" figure only when the parent waits for it. Chromium's renderers are
 * children of its zygote, which the browser process does not wait for when it is closed, so neither
 * `/usr/bin/time` around a stage nor the per-file figures (tests/support/cpu-per-file.ts) see them;
 * PostgreSQL's backends belong to its postmaster, not to the tests that use them.
 *
 * Linux /proc, USER_HZ 100; `null` where /proc cannot be read.
 */
const TICK = 100

type Stat = { pid: number; ppid: number; pgid: number; self: number; children: number }

function stat(pid: number | string): Stat | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the fields after the command's closing parenthesis: state ppid pgrp session ... utime(12th) stime cutime cstime
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ')
    return { pid: Number(pid), ppid: Number(f[1]), pgid: Number(f[2]), self: (Number(f[11]) + Number(f[12])) / TICK, children: (Number(f[13]) + Number(f[14])) / TICK }
  } catch {
    return null
  }
}

/**
 * The CPU seconds so far of every live process of a process group (playwright starts Chromium as the
 * leader of its own group, and every Chromium process stays in it), with the time of the children each
 * has waited for (a zygote's ended renderers), and the leader's part (which its parent, the test run,
 * is credited with once it waits for the leader).
 */
export function processGroupCpu(pgid: number): { total: number; leader: number; processes: number; byType: Record<string, number> } | null {
  const byType: Record<string, number> = {}
  let total = 0
  let leader = 0
  let processes = 0
  let dirs: string[]
  try {
    dirs = readdirSync('/proc')
  } catch {
    return null
  }
  for (const d of dirs) {
    if (!/^\d+$/.test(d)) continue
    const s = stat(d)
    if (!s || s.pgid !== pgid) continue
    processes++
    total += s.self + s.children
    if (s.pid === pgid) leader = s.self + s.children
    // Chromium names a process's role in its command line (--type=renderer, zygote, gpu-process, utility)
    let type = 'browser'
    try {
      type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${d}/cmdline`, 'utf8'))?.[1] ?? 'browser'
    } catch { /* ended meanwhile */ }
    byType[type] = +((byType[type] ?? 0) + s.self).toFixed(2)
    if (s.children) byType[`ended children of ${type}`] = +((byType[`ended children of ${type}`] ?? 0) + s.children).toFixed(2)
  }
  return processes ? { total: +total.toFixed(2), leader: +leader.toFixed(2), processes, byType } : null
}

/** One process's CPU seconds with the children it has waited for (a postmaster's ended backends), or null. */
export function processCpu(pid: number): number | null {
  const s = stat(pid)
  return s ? +(s.self + s.children).toFixed(2) : null
}
