/**
 * Derives the bundled BIN table (spec 3.3) from its sources, kept in the repository:
 *   src/domain/card/bin-data/source/turkey_bin_list.csv  (';'-separated, UTF-8 with BOM, MIT, see SOURCE.txt)
 *   src/domain/card/bin-data/source/bank-codes.csv       (bank EFT codes with the issuer spellings they match)
 * and writes src/domain/card/bin-data/{bin-table.ts, LICENSE, SOURCE.md}. tests/domain/bin.test.ts
 * derives it again and fails when the committed files differ.
 *
 * Run: node scripts/derive-bin-table.ts [source folder]   (default: src/domain/card/bin-data/source)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const BIN_DATA_DIR = join(repoRoot, 'src', 'domain', 'card', 'bin-data')
export const BIN_SOURCE_DIR = join(BIN_DATA_DIR, 'source')

function lines(text: string): string[] {
  return text.split(/\r?\n/).filter((l) => l.trim() !== '')
}

/** Issuer names without punctuation and legal-form suffixes: 'AKBANK T.A.S.' -> 'AKBANK'. */
function normaliseIssuer(name: string): string {
  let n = name.toUpperCase().replace(/[.,']/g, ' ').replace(/\s+/g, ' ').trim()
  const suffixes = ['ANONIM SIRKETI', 'T A S', 'T A O', 'A S', 'AS', 'TAS', 'TAO']
  for (let changed = true; changed; ) {
    changed = false
    for (const s of suffixes) {
      if (n.endsWith(' ' + s)) {
        n = n.slice(0, -(s.length + 1)).trim()
        changed = true
      }
    }
  }
  return n
}

/** The files the derivation writes, as text: `bin-table.ts`, `SOURCE.md` and `LICENSE`. */
export function deriveBinTable(binDir: string = BIN_SOURCE_DIR): { module: string; source: string; license: string; report: string } {
  const readText = (file: string): string => readFileSync(join(binDir, file), 'utf8').replace(/^\uFEFF/, '')

  // --- bank codes ------------------------------------------------------------------------------
  const bankByIssuer = new Map<string, string>()
  const bankNames: Record<string, string> = {}
  for (const line of lines(readText('bank-codes.csv')).slice(1)) {
    const [code = '', name = '', spellings = ''] = line.split(',')
    if (!/^\d{4}$/.test(code)) throw new Error(`bad bank code line: ${line}`)
    bankNames[code] = name.trim()
    for (const s of spellings.split(';')) if (s.trim()) bankByIssuer.set(normaliseIssuer(s), code)
  }

  /**
   * Spellings in the BIN list that bank-codes.csv does not list, mapped by hand (same banks, other
   * spellings or former names). E-money and payment institutions, airlines and banks without an EFT
   * code in the list stay without one.
   */
  const EXTRA_SPELLINGS: Record<string, string> = {
    'ZIRAAT BANKASI': '0010',
    'VAKIF BANK': '0015',
    'IS BANKASI': '0064',
    'T IS BANKASI': '0064',
    'FIBABANK': '0103',
    'QNB FINANSBANK': '0111',
    'HSBC': '0123',
    'ALTERNATIF BANK': '0124',
    'DC ABANK TURKEY': '0124', // Diners Club cards of ABank (Alternatifbank)
    'DENIZ BANK': '0134',
    'ANADOLU BANK': '0135',
    'AKTIFBANK': '0143',
    'ALBARAKA TURK': '0203',
    'KUVEYT TURK EVKAF FINANS KURUMU': '0205', // former name of Kuveyt Türk
    'DC BKM TFKB': '0206', // Discover cards of Türkiye Finans Katılım Bankası (TFKB) via BKM
    'BANK ASYA KATILIM BANKASI': '0208',
    'ZIRAAT KATILIM BANKASI': '0209',
    'EMLAK KATILIM BANKASI': '0211',
  }
  for (const [spelling, code] of Object.entries(EXTRA_SPELLINGS)) {
    if (!bankNames[code]) throw new Error(`unknown bank code ${code}`)
    bankByIssuer.set(spelling, code)
  }

  // --- BIN rows --------------------------------------------------------------------------------
  const SUB_TYPES: Record<string, string> = { MASTERCARD: 'MAS', MAESTRO: 'MAS', VISA: 'VIS', TROY: 'TRY', 'AMERICAN EXPRESS': 'AMX' }
  const SUB_LETTER: Record<string, string> = { MAS: 'M', VIS: 'V', TRY: 'T', AMX: 'A', '': '-' }
  /** Commercial ('ticari') categories: every business, commercial, corporate or purchasing card. */
  const COMMERCIAL = /BUSINESS|COMMERCIAL|CORPORATE|PURCHASING|B2B/

  type Row = { bin: string; bank: string; type: 'C' | 'D'; sub: string; ticari: 'E' | 'H' }
  const rows: Row[] = []
  const dropped: string[] = []
  const noBank = new Map<string, number>()
  const seen = new Set<string>()
  const [header = '', ...body] = lines(readText('turkey_bin_list.csv'))
  if (header.trim() !== 'BIN;Network;Type;Category;Issuer') throw new Error(`unexpected header: ${header}`)
  for (const line of body) {
    const [bin = '', network = '', type = '', category = '', issuer = ''] = line.split(';').map((f) => f.trim())
    if (!/^\d{6}$/.test(bin)) throw new Error(`bad BIN line: ${line}`)
    if (seen.has(bin)) throw new Error(`duplicate BIN ${bin}`)
    seen.add(bin)
    if (type !== 'CREDIT' && type !== 'DEBIT') {
      dropped.push(`${bin} (${network || 'no network'}, no card type)`)
      continue
    }
    const bank = issuer ? (bankByIssuer.get(normaliseIssuer(issuer)) ?? '') : ''
    if (!bank) noBank.set(issuer || '(no issuer)', (noBank.get(issuer || '(no issuer)') ?? 0) + 1)
    rows.push({
      bin,
      bank,
      type: type === 'CREDIT' ? 'C' : 'D',
      sub: SUB_TYPES[network] ?? '',
      ticari: COMMERCIAL.test(category) ? 'E' : 'H',
    })
  }
  rows.sort((a, b) => (a.bin < b.bin ? -1 : 1))

  const encoded = rows.map((r) => `${r.bin}${r.bank || '----'}${r.type}${SUB_LETTER[r.sub]}-${r.ticari}`).join('\n')
  const banks = Object.entries(bankNames)
    .map(([code, name]) => `  '${code}': ${JSON.stringify(name)},`)
    .join('\n')

  const module = `// GENERATED by scripts/derive-bin-table.ts from ./source (see SOURCE.md here). Do not edit.
// Source: github.com/berkaybucan/turkey-bin-list (MIT, see LICENSE here) and bank-codes.csv (TCMB list).
//
// One row per line, fixed width, 14 characters, sorted by BIN:
//   0-5   bin_code       6 digits
//   6-9   bank_code      4 digits, '----' when none
//   10    card_type      C = 'CREDIT CARD', D = 'DEBIT CARD'
//   11    card_sub_type  M = MAS, V = VIS, T = TRY, A = AMX, - = other network (empty)
//   12    blok           E, H, or - (empty; the source has no such flag)
//   13    ticari         E, H, or - (empty)

export const BIN_ROW_COUNT = ${rows.length}

export const BIN_ROWS = \`
${encoded}
\`

/** Bank (EFT) code -> bank name. */
export const BANK_NAMES: Readonly<Record<string, string>> = {
${banks}
}
`

  const commercialCredit = rows.filter((r) => r.type === 'C' && r.ticari === 'E').length
  const source = `# BIN table: source and derivation

\`bin-table.ts\` is generated by \`node scripts/derive-bin-table.ts\` from the sources in \`source/\` next to
this file (copied from the project's shared data folder, \`../shared/data/bin/\`, with its \`SOURCE.txt\`).
Do not edit it by hand; change the script and run it again (\`tests/domain/bin.test.ts\` fails while the
committed table differs from what the script derives).

## Source

- **turkey_bin_list.csv** from github.com/berkaybucan/turkey-bin-list (data commit
  1b70cf93c9e740def9fbe165fd41e3f7afe192b7, 2026-01-02). Licence: MIT, (c) 2026 Kerim Berkay Buçan;
  the licence text is in \`LICENSE\` next to this file. It looks like a Turkey-filtered extract of a
  global BIN database, not the BKM member list: verify before relying on it for business decisions.
- **bank-codes.csv**: the 4-digit Turkish bank (EFT) codes from the central bank's (TCMB) public bank
  list, with the issuer spellings of the BIN list they match (compiled by hand).

## Mapping to the spec's fields (spec 3.3)

| field | derived from |
|---|---|
| bin_code | BIN |
| bank_code | bank-codes.csv by issuer spelling, after dropping punctuation and legal-form suffixes (A.S., T.A.S., T.A.O., ANONIM SIRKETI); a few more spellings and former names are mapped in the script (\`EXTRA_SPELLINGS\`); empty when none (e-money institutions, airlines, defunct banks without a code) |
| card_type | CREDIT -> \`CREDIT CARD\`, DEBIT -> \`DEBIT CARD\`; rows with no type are dropped |
| card_sub_type | MASTERCARD and MAESTRO -> MAS, VISA -> VIS, TROY -> TRY, AMERICAN EXPRESS -> AMX; other networks (Diners, Discover, JCB, UnionPay, UATP, local brands, private label, Cirrus) are kept with an empty sub type |
| blok | always empty: the source carries no such flag |
| ticari | \`E\` when the category names a business card (contains BUSINESS, COMMERCIAL, CORPORATE, PURCHASING or B2B: BUSINESS, COMMERCIAL, CORPORATE, CORPORATE T&E, PURCHASING, PREFERRED BUSINESS, PREPAID BUSINESS, and also SMALL BUSINESS, EXECUTIVE BUSINESS, BUSINESS PREFERRED, WORLD BUSINESS, B2B, PREPAID CORPORATE), otherwise \`H\` |

## This build

- ${rows.length} rows kept, ${commercialCredit} of them commercial credit cards (accepted by the form).
- ${dropped.length} rows dropped (no card type): ${dropped.join(', ')}.
- ${rows.filter((r) => !r.bank).length} rows without a bank code.
`
  const report = [
    `wrote ${rows.length} rows (${commercialCredit} commercial credit), dropped ${dropped.length}`,
    'issuers without a bank code:',
    ...[...noBank].sort((a, b) => b[1] - a[1]).map(([issuer, n]) => `  ${n}\t${issuer}`),
  ].join('\n')
  return { module, source, license: readFileSync(join(binDir, 'LICENSE'), 'utf8'), report }
}

if (import.meta.main) {
  const derived = deriveBinTable(resolve(process.argv[2] ?? BIN_SOURCE_DIR))
  mkdirSync(BIN_DATA_DIR, { recursive: true })
  writeFileSync(join(BIN_DATA_DIR, 'bin-table.ts'), derived.module)
  writeFileSync(join(BIN_DATA_DIR, 'SOURCE.md'), derived.source)
  writeFileSync(join(BIN_DATA_DIR, 'LICENSE'), derived.license)
  console.log(derived.report)
}
