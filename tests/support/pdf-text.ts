import { decodePDFRawStream, PDFDocument, PDFRawStream } from 'pdf-lib'

/**
 * The text drawn in a PDF made by pdf-lib (src/server/services/pdf-text.ts lays it out): the title,
 * then each drawn line, its hex glyph strings decoded through the font's ToUnicode map. `pages` is
 * the page count.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number; subject: string }> {
  const doc = await PDFDocument.load(bytes)
  // every stream of the file, decoded by pdf-lib itself (a regex over the bytes loses a stream whose data ends in CR)
  const streams: string[] = []
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue
    try { streams.push(Buffer.from(decodePDFRawStream(object).decode()).toString('latin1')) } catch { /* a font program or an image */ }
  }
  // the fonts' ToUnicode maps: single glyphs (bfchar) and runs of glyphs (bfrange)
  const map = new Map<string, string>()
  const chars = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)))
  for (const text of streams) {
    for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const r of block[1]!.matchAll(/<([0-9A-F]{4})>\s*<([0-9A-F]{4,})>/g)) map.set(r[1]!, chars(r[2]!))
    }
    for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const r of block[1]!.matchAll(/<([0-9A-F]{4})>\s*<([0-9A-F]{4})>\s*<([0-9A-F]{4})>/g)) {
        const [from, to, first] = [parseInt(r[1]!, 16), parseInt(r[2]!, 16), parseInt(r[3]!, 16)]
        for (let g = from; g <= to; g++) map.set(g.toString(16).toUpperCase().padStart(4, '0'), String.fromCodePoint(first + g - from))
      }
    }
  }
  const out: string[] = [doc.getTitle() ?? '']
  for (const text of streams) {
    for (const s of text.matchAll(/<([0-9A-F]+)> Tj/g)) out.push((s[1]!.match(/.{4}/g) ?? []).map((g) => map.get(g) ?? '?').join(''))
  }
  return { text: out.join('\n'), pages: doc.getPageCount(), subject: doc.getSubject() ?? '' }
}
