import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 23 item 5: one way to write money. Every amount a person reads (browser, PDFs, mails, the
 * bank simulator's page) goes through src/domain/money.ts; this test fails when code builds its own
 * number format or glues a currency to a number by hand.
 */
const ROOT = join(import.meta.dirname, '../..')
const THE_FORMATTER = 'src/domain/money.ts'

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'bin-data' || e.name === 'locales' ? [] : files(path)
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') && e.name !== 'routeTree.gen.ts' ? [path] : []
  })
}

/** The code without its comments (a comment may say "100 TL a month"). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
}

type Site = { file: string; line: number; text: string }
function find(pattern: RegExp, skip: (file: string) => boolean = () => false): Site[] {
  const out: Site[] = []
  for (const file of [...files('src'), ...files('machines')]) {
    if (skip(file)) continue
    code(readFileSync(join(ROOT, file), 'utf8')).split('\n').forEach((text, i) => {
      if (pattern.test(text)) out.push({ file: relative(ROOT, join(ROOT, file)), line: i + 1, text: text.trim().slice(0, 160) })
    })
  }
  return out
}

describe('money is written by src/domain/money.ts only', () => {
  it('no other module builds a number format (Intl.NumberFormat, toLocaleString)', () => {
    expect(find(/\bNumberFormat\b|\.toLocaleString\(/, (f) => f === THE_FORMATTER)).toEqual([])
  })

  it('no code glues a currency to a number by hand ("250.00 TL", `${x} TRY`, `${x} ${currency}`, "₺" + x)', () => {
    const glued = new RegExp([
      /\d[\d.,]*\s?(TL|TRY|EUR|USD)\b/.source, // a literal amount: "100 TL", "30.000 EUR"
      /\$\{[^}]+\}\s?(TL|TRY|EUR|USD)\b/.source, // `${amount} TL`
      /\$\{[^}]+\}(\s|\\u00a0)*\$\{[^}]*(currency|currcode)[^}]*\}/.source, // `${amount} ${currency}`
      /[₺€]\s?(\d|\$\{|'\s*\+)/.source, // "₺" + amount
      /\+\s*'\s?(TL|TRY|EUR|USD)'/.source, // amount + ' TL'
    ].join('|'))
    expect(find(glued, (f) => f === THE_FORMATTER)).toEqual([])
  })

  it('the card form field\'s own notation (spec 3.4, "1,250.50") is not used to show an amount', () => {
    expect(find(/\bformatAmount\(|\.display\b.*(amount|currency)/, (f) => f === 'src/domain/amount.ts')).toEqual([])
  })

  it('the formatter itself is what the browser, the PDFs, the mails and the bank page call', () => {
    const callers = find(/\bformatMoney\(/, (f) => f === THE_FORMATTER).map((s) => s.file)
    for (const f of ['src/server/services/purchase.ts', 'src/server/routes/bank-simulator.ts', 'src/web/views/payment/PaymentTestForm.tsx', 'src/web/views/sales/PurchaseResultView.tsx']) {
      expect(callers, f).toContain(f)
    }
  })
})
