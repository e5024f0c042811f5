/** Pure helpers for the codes of Turkish places, shared by the run-time module and the generator. */

const collator = new Intl.Collator('tr')

/** city plate code -> district name -> district code */
export type DistrictCodeMap = Record<string, Record<string, string>>

/**
 * Keeps every code already assigned (also of districts no longer in the package, so a code is never
 * reused) and gives each new district the next free ordinal of its city, new names in Turkish order.
 */
export function assignDistrictCodes(existing: DistrictCodeMap, current: Record<string, string[]>): {
  map: DistrictCodeMap
  added: { cityCode: string; name: string; code: string }[]
} {
  const map: DistrictCodeMap = {}
  const added: { cityCode: string; name: string; code: string }[] = []
  const cityCodes = [...new Set([...Object.keys(existing), ...Object.keys(current)])].sort()
  for (const cityCode of cityCodes) {
    const known = { ...(existing[cityCode] ?? {}) }
    let next = Math.max(0, ...Object.values(known).map((code) => Number(code.slice(2)))) + 1
    const fresh = (current[cityCode] ?? []).filter((name) => !(name in known)).sort(collator.compare)
    for (const name of fresh) {
      if (next > 99) throw new Error(`district codes: city ${cityCode} has run out of two-digit ordinals`)
      const code = cityCode + String(next++).padStart(2, '0')
      known[name] = code
      added.push({ cityCode, name, code })
    }
    map[cityCode] = Object.fromEntries(Object.entries(known).sort((a, b) => a[1].localeCompare(b[1])))
  }
  return { map, added }
}

// ---- neighbourhood names and codes ---------------------------------------------------------------

/** Letters that fold to ASCII in a slug, by char code (both cases of the Turkish letters; dotted and dotless i both give 'i'). */
const FOLD = new Map<number, number>(
  [...'çÇğĞıIİöÖşŞüÜâÂîÎûÛ'].map((ch, i) => [ch.charCodeAt(0), 'ccggiiioossuuaaiiuu'.charCodeAt(i)]),
)
let buffer = new Uint16Array(256)

/** Another accented letter: its ASCII base letter when it has one (é -> e), else 0 (a separator). */
function foldOther(ch: string): number {
  const base = ch.normalize('NFKD').charCodeAt(0)
  if (base >= 65 && base <= 90) return base + 32
  return (base >= 97 && base <= 122) || (base >= 48 && base <= 57) ? base : 0
}

/**
 * ASCII slug of a Turkish name: letters folded to a-z, digits kept, any run of other characters to one
 * '-'. Written as one pass over char codes into a buffer: it runs 73k times at start-up.
 */
export function slug(name: string): string {
  if (buffer.length < name.length * 4 + 1) buffer = new Uint16Array(name.length * 4 + 1)
  let len = 0
  let dash = false
  for (let i = 0; i < name.length; i++) {
    let c = name.charCodeAt(i)
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) { /* kept */ }
    else if (c >= 65 && c <= 90) c += 32
    else if (c < 128) c = 0
    else c = FOLD.get(c) ?? foldOther(name[i]!)
    if (c === 0) { dash = len > 0; continue }
    if (dash) { buffer[len++] = 45; dash = false }
    buffer[len++] = c
  }
  return String.fromCharCode(...buffer.subarray(0, len))
}

/**
 * The package's names need two mechanical corrections (counted and reported, see the decision record):
 * runs of spaces ('Merkez  Mah', '( Polistav Mah)') and a lower-case first letter after '(' - the
 * package title-cases words only after a space, so village names come out as '(örencik Köyü)'.
 */
export function collapseSpaces(raw: string): string {
  return /\s\s|^\s|\s$|\(\s|\s\)|[^\S ]/.test(raw)
    ? raw.replace(/\s+/g, ' ').trim().replace(/\( /g, '(').replace(/ \)/g, ')')
    : raw
}

export function capitaliseAfterParen(name: string): string {
  return name.includes('(') ? name.replace(/\(([a-zçğıöşüâîû])/g, upperAfterParen) : name
}

export function cleanNeighbourhoodName(raw: string): string {
  return capitaliseAfterParen(collapseSpaces(raw))
}

/** Turkish upper case of one lower-case letter (i -> İ); a table, as toLocaleUpperCase is slow at this volume. */
const UPPER: Record<string, string> = { i: 'İ', ı: 'I', ç: 'Ç', ğ: 'Ğ', ö: 'Ö', ş: 'Ş', ü: 'Ü', â: 'Â', î: 'Î', û: 'Û' }

function upperAfterParen(_: string, c: string): string {
  return '(' + (UPPER[c] ?? c.toUpperCase())
}

