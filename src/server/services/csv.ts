/**
 * CSV files the server writes (issue 28 item 10), through a maintained CSV writer (csv-stringify,
 * of the node-csv project): UTF-8 with a byte-order mark (spreadsheet programs keep ç, ğ, ı, İ, ö,
 * ş, ü), CRLF lines, every cell quoted, and OWASP's defence against CSV injection: a cell starting
 * with = + - @, a tab or a carriage return (or their full-width forms) gets a leading apostrophe,
 * so a spreadsheet shows it as text instead of running it as a formula.
 */
import { stringify } from 'csv-stringify/sync'

export const CSV_OPTIONS = {
  quoted: true,
  quoted_empty: true,
  record_delimiter: 'windows',
  escape_formulas: true,
} as const

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return stringify([header as string[], ...(rows as string[][])], { ...CSV_OPTIONS, bom: true })
}

/** Rows of a CSV written a part at a time (a streamed export): the same cells as `toCsv`, `bom` on the first part only. */
export function csvPart(rows: ReadonlyArray<readonly string[]>, first: boolean): string {
  return stringify(rows as string[][], { ...CSV_OPTIONS, bom: first })
}
