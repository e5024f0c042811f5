/**
 * The policy and contract documents' PDF drawing (./policy-document.ts): the embedded font, the
 * page geometry and a writer that lays lines out top to bottom over as many A4 pages as needed.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib'
import { woffToSfnt, wrap } from './pdf-text.ts'

let fontCache: Promise<Uint8Array> | null = null
/** DejaVu Sans (Bitstream Vera licence, see docs/sales.md "Fonts"): Turkish and Cyrillic letters; unwrapped from WOFF once. */
export function documentFontBytes(): Promise<Uint8Array> {
  const require = createRequire(import.meta.url)
  fontCache ??= readFile(join(dirname(require.resolve('@fontsource/dejavu-sans/package.json')), 'files', 'dejavu-sans-latin-400-normal.woff')).then(woffToSfnt)
  return fontCache
}

export const A4: [number, number] = [595.28, 841.89]
export const LEFT = 56
export const WIDTH = A4[0] - 2 * LEFT
export const BRAND = rgb(0.043, 0.365, 0.294)
export const GREY = rgb(0.3, 0.35, 0.33)
const TOP = 790
const BOTTOM = 84

/** Lines drawn top to bottom, a new page when the next item would not fit above the footer. */
export class Writer {
  page: PDFPage
  y = TOP
  private doc: PDFDocument
  private font: PDFFont
  constructor(doc: PDFDocument, font: PDFFont) {
    this.doc = doc
    this.font = font
    this.page = doc.addPage(A4)
  }
  need(h: number) {
    if (this.y - h < BOTTOM) {
      this.page = this.doc.addPage(A4)
      this.y = TOP
    }
  }
  text(s: string, { size = 10, x = LEFT, width = WIDTH, color = rgb(0, 0, 0), gap = 3 }: { size?: number; x?: number; width?: number; color?: ReturnType<typeof rgb>; gap?: number } = {}) {
    for (const line of wrap(s, this.font, size, width)) {
      this.need(size + 4)
      this.page.drawText(line, { x, y: this.y, size, font: this.font, color })
      this.y -= size + 4
    }
    this.y -= gap
  }
  heading(s: string) {
    this.need(48)
    this.y -= 10
    this.text(s, { size: 12.5, color: BRAND, gap: 4 })
  }
  /** A label and its value side by side (the value wrapped in its column). */
  field(label: string, value: string) {
    const labelLines = wrap(label, this.font, 9, 190)
    const valueLines = wrap(value || '-', this.font, 10.5, WIDTH - 205)
    this.need(Math.max(labelLines.length * 12, valueLines.length * 14.5) + 4)
    const top = this.y
    labelLines.forEach((l, i) => this.page.drawText(l, { x: LEFT, y: top - i * 12, size: 9, font: this.font, color: GREY }))
    valueLines.forEach((l, i) => this.page.drawText(l, { x: LEFT + 205, y: top - i * 14.5, size: 10.5, font: this.font }))
    this.y = top - Math.max(labelLines.length * 12, valueLines.length * 14.5) - 4
  }
  bullet(s: string, color = rgb(0, 0, 0)) {
    const lines = wrap(s, this.font, 9.5, WIDTH - 14)
    this.need(lines.length * 13.5)
    this.page.drawText('•', { x: LEFT + 2, y: this.y, size: 9.5, font: this.font, color })
    for (const l of lines) {
      this.need(13.5)
      this.page.drawText(l, { x: LEFT + 14, y: this.y, size: 9.5, font: this.font, color })
      this.y -= 13.5
    }
    this.y -= 2
  }
}
