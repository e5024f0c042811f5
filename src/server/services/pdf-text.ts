import { inflateSync } from 'node:zlib'
import type { PDFFont } from 'pdf-lib'

/** Words of `text` in lines no wider than `width` at `size` (pdf-lib draws no line breaks itself). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines
}

/**
 * A WOFF 1.0 font as the plain TrueType/OpenType file it wraps: each table inflated with node's
 * zlib. fontkit can read WOFF itself, but inflates it in JavaScript at each embedding (about 5 s for
 * DejaVu Sans on the reference machine, against 0.2 s from the plain file).
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const w = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength)
  if (w.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 font')
  const numTables = w.readUInt16BE(12)
  let entrySelector = 0
  while (2 ** (entrySelector + 1) <= numTables) entrySelector++
  const searchRange = 2 ** entrySelector * 16
  const header = Buffer.alloc(12 + numTables * 16)
  header.writeUInt32BE(w.readUInt32BE(4), 0)
  header.writeUInt16BE(numTables, 4)
  header.writeUInt16BE(searchRange, 6)
  header.writeUInt16BE(entrySelector, 8)
  header.writeUInt16BE(numTables * 16 - searchRange, 10)
  const bodies: Buffer[] = []
  let offset = header.length
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20
    const [tag, at, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((d) => w.readUInt32BE(e + d)) as [number, number, number, number, number]
    const raw = w.subarray(at, at + compLength)
    const data = compLength < origLength ? inflateSync(raw) : raw
    const d = 12 + i * 16
    header.writeUInt32BE(tag, d)
    header.writeUInt32BE(checksum, d + 4)
    header.writeUInt32BE(offset, d + 8)
    header.writeUInt32BE(origLength, d + 12)
    const padded = Buffer.alloc((data.length + 3) & ~3)
    data.copy(padded)
    bodies.push(padded)
    offset += padded.length
  }
  return Buffer.concat([header, ...bodies])
}
