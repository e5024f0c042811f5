/**
 * Turns credit-card-type's prefix patterns (a number, or an inclusive [low, high] range of numbers
 * with the same count of digits) into one regular-expression source anchored at the start, so every
 * brand is matched the same way: by its `prefixPattern`. A prefix matches only once all its digits
 * are typed ('4' is visa at once, '6011' becomes discover at the fourth digit).
 */
export type PrefixSpec = number | readonly number[]

function allDigits(length: number, digit: '0' | '9'): string {
  return digit.repeat(length)
}

/** Regex source for the same-length digit strings lo..hi (inclusive). */
export function rangeToRegex(lo: string, hi: string): string {
  if (lo.length !== hi.length || !/^\d*$/.test(lo) || !/^\d*$/.test(hi) || lo > hi) {
    throw new RangeError(`bad prefix range ${lo}..${hi}`)
  }
  if (lo === hi) return lo
  const n = lo.length
  const a = lo[0] ?? '0'
  const b = hi[0] ?? '0'
  const restLo = lo.slice(1)
  const restHi = hi.slice(1)
  if (n === 1) return `[${a}-${b}]`
  if (a === b) return `${a}(?:${rangeToRegex(restLo, restHi)})`
  if (restLo === allDigits(n - 1, '0') && restHi === allDigits(n - 1, '9')) return `[${a}-${b}]\\d{${n - 1}}`
  const parts: string[] = []
  let from = Number(a)
  let to = Number(b)
  if (restLo !== allDigits(n - 1, '0')) {
    parts.push(`${a}(?:${rangeToRegex(restLo, allDigits(n - 1, '9'))})`)
    from += 1
  }
  let tail: string | null = null
  if (restHi !== allDigits(n - 1, '9')) {
    tail = `${b}(?:${rangeToRegex(allDigits(n - 1, '0'), restHi)})`
    to -= 1
  }
  if (from <= to) parts.push(`${from === to ? String(from) : `[${from}-${to}]`}\\d{${n - 1}}`)
  if (tail) parts.push(tail)
  return parts.join('|')
}

/** '^(?:...)' matching any of the prefixes. */
export function prefixesToPattern(prefixes: readonly PrefixSpec[]): string {
  const alternatives = prefixes.map((p) => {
    if (typeof p === 'number') return String(p)
    const [low, high] = p
    if (low === undefined) throw new RangeError('empty prefix range')
    return `(?:${rangeToRegex(String(low), String(high ?? low))})`
  })
  return `^(?:${alternatives.join('|')})`
}
