import { inflateSync } from 'node:zlib'
import { PDFDocument } from 'pdf-lib'

/**
 * The text drawn in a PDF made by pdf-lib (src/server/services/pdf-text.ts lays it out): the title,
 * then each drawn line, its hex glyph strings decoded through the font's ToUnicode map. `pages` is
 * the page count.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; subject: string }> {
  const doc = await PDFDocument.load(bytes)
  const raw = Buffer.from(bytes).toString('latin1')
  const streams: string[] = []
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try { streams.push(inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1')) } catch { /* not a deflated stream */ }
  }
  const map = new Map<string, string>()
  for (const text of streams) {
    for (const r of text.matchAll(/<([0-9A-F]{4})> <([0-9A-F]{4,8})>/g)) map.set(r[1]!, String.fromCodePoint(...(r[2]!.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16))))
  }
  const out: string[] = [doc.getTitle() ?? '']
  for (const text of streams) {
    for (const s of text.matchAll(/<([0-9A-F]+)> Tj/g)) out.push((s[1]!.match(/.{4}/g) ?? []).map((g) => map.get(g) ?? '?').join(''))
  }
  return { text: out.join('\n'), pages: doc.getPageCount(), subject: doc.getSubject() ?? '' }
}
