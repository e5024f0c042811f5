/**
 * Minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF or LF) for the generator.
 * Returns objects keyed by the header row; throws on a row whose width differs from the header.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let i = 0
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  while (i < src.length) {
    const ch = src[i]!
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') { field += '"'; i += 2; continue }
        quoted = false; i++; continue
      }
      field += ch; i++; continue
    }
    if (ch === '"' && field === '') { quoted = true; i++; continue }
    if (ch === ',') { row.push(field); field = ''; i++; continue }
    if (ch === '\r' || ch === '\n') {
      row.push(field); field = ''
      rows.push(row); row = []
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1
      continue
    }
    field += ch; i++
  }
  if (quoted) throw new Error('CSV: unterminated quoted field')
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row) }
  const nonEmpty = rows.filter((r) => !(r.length === 1 && r[0] === ''))
  const [header, ...body] = nonEmpty
  if (!header) return []
  return body.map((r, n) => {
    if (r.length !== header.length) throw new Error(`CSV: row ${n + 2} has ${r.length} fields, the header has ${header.length}`)
    return Object.fromEntries(header.map((h, k) => [h, r[k]!]))
  })
}
