import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { bankCodeOf, checkCardBin, checkCardBinWith, checkPurchaseCardWith, loadBinTable, lookupBin, needsBankCodeFromCustomer, parseBinRows, type BinTable } from '../../src/domain/index.ts'
import { BIN_ROW_COUNT, BIN_ROWS } from '../../src/domain/card/bin-data/bin-table.ts'
import { BIN_DATA_DIR, BIN_SOURCE_DIR, deriveBinTable } from '../../scripts/derive-bin-table.ts'

const table: BinTable = parseBinRows(BIN_ROWS)

describe('the bundled BIN table', () => {
  it('decodes every row, with 6-digit BINs and 4-digit or empty bank codes', () => {
    expect(table.size).toBe(BIN_ROW_COUNT)
    expect(table.size).toBeGreaterThan(1800)
    for (const e of table.values()) {
      expect(e.bin_code).toMatch(/^\d{6}$/)
      expect(e.bank_code).toMatch(/^(\d{4})?$/)
      expect(['CREDIT CARD', 'DEBIT CARD']).toContain(e.card_type)
      expect(['MAS', 'VIS', 'TRY', 'AMX', '']).toContain(e.card_sub_type)
      expect(['E', 'H', '']).toContain(e.ticari)
      expect(e.blok).toBe('')
    }
  })

  it.each<[string, Record<string, string>, string]>([
    ['425669', { bank_code: '0046', card_type: 'CREDIT CARD', card_sub_type: 'VIS', ticari: 'E' }, 'Akbank Visa business credit'],
    ['552608', { bank_code: '0046', card_type: 'CREDIT CARD', card_sub_type: 'MAS', ticari: 'E' }, 'Akbank Mastercard preferred business'],
    ['374425', { bank_code: '0062', card_type: 'CREDIT CARD', card_sub_type: 'AMX', ticari: 'E' }, 'Garanti Amex corporate'],
    ['374423', { bank_code: '0062', card_sub_type: 'AMX', ticari: 'E' }, 'SMALL BUSINESS counts as commercial'],
    ['405040', { bank_code: '', card_type: 'DEBIT CARD', card_sub_type: 'VIS', ticari: 'H' }, 'FUPS Visa debit: no bank code'],
    ['979207', { bank_code: '0046', card_type: 'CREDIT CARD', card_sub_type: 'TRY', ticari: 'E' }, 'Akbank Troy commercial'],
    ['603650', { bank_code: '0062', card_type: 'DEBIT CARD', card_sub_type: 'MAS' }, 'Maestro maps to MAS; "T. GARANTI BANKASI A.S" spelling'],
    ['365770', { bank_code: '0124', card_type: 'CREDIT CARD', card_sub_type: '', ticari: 'E' }, 'Diners: other network kept with empty sub type'],
    ['123500', { bank_code: '', card_sub_type: '', ticari: 'H' }, 'UATP (airline) kept, no bank code'],
  ])('%s %o (%s)', (bin, expected) => {
    expect(lookupBin(table, bin)).toMatchObject({ bin_code: bin, ...expected })
  })

  it('rows without a card type are dropped', () => {
    expect(lookupBin(table, '999111')).toBeNull()
    expect(lookupBin(table, '351702')).toBeNull()
  })

  it('lookupBin takes the first 6 digits of a longer, formatted number and refuses short input', () => {
    expect(lookupBin(table, '4256 6912 3456 7890')?.bin_code).toBe('425669')
    expect(lookupBin(table, '42566')).toBeNull()
  })

  it('parseBinRows refuses malformed rows', () => {
    expect(() => parseBinRows('12345----CM-H')).toThrow()
    expect(() => parseBinRows('123456----XM-H')).toThrow()
    expect(parseBinRows('\n123456----CM-E\n').get('123456')?.ticari).toBe('E')
  })
})

describe('checkCardBinWith (credit card and ticari E only; 9792 without lookup)', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['4256 6912 3456 7890', { accepted: true }, 'commercial credit (Akbank Visa business)'],
    ['5526081234567890', { accepted: true }, 'commercial credit (Mastercard)'],
    ['4050401234567890', { accepted: false, reason: 'debit_card' }, 'a debit BIN'],
    ['4137911234567890', { accepted: false, reason: 'not_commercial' }, 'a personal credit BIN'],
    ['4111111111111111', { accepted: false, reason: 'unknown_bin' }, 'a BIN not in the table'],
    ['6503331234567890', { accepted: false, reason: 'unknown_bin' }, 'unknown 65 BIN'],
    ['41111', { accepted: false, reason: 'too_short' }, 'five digits'],
    ['', { accepted: false, reason: 'too_short' }, 'empty'],
    ['9792', { accepted: true, entry: null }, '9792 alone: accepted, no entry'],
    ['9792 0812 3456 7890', { accepted: true }, '9792 debit BIN 979208 is still accepted (spec)'],
    ['9792 9999 9999 9999', { accepted: true, entry: null }, '9792 BIN not in the table'],
  ])('%j -> %o (%s)', (number, expected) => {
    expect(checkCardBinWith(table, number)).toMatchObject(expected)
  })

  it('returns the table entry of an accepted 9792 number when there is one', () => {
    const r = checkCardBinWith(table, '9792081234567890')
    expect(r.accepted && r.entry?.card_type).toBe('DEBIT CARD')
  })

  it('property: accepted means 9792 or a commercial credit entry', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^\d{0,16}$/), fc.constantFrom(...table.keys()).map((b) => `${b}1234567890`)), (n) => {
        const r = checkCardBinWith(table, n)
        if (!r.accepted) return true
        return n.startsWith('9792') || (r.entry?.card_type === 'CREDIT CARD' && r.entry.ticari === 'E')
      }),
    )
  })
})

describe('checkCardBin (lazy table)', () => {
  it('loads the table on first use and gives the same answers', async () => {
    expect(await checkCardBin('4256691234567890')).toMatchObject({ accepted: true, entry: { bank_code: '0046' } })
    expect(await checkCardBin('4050401234567890')).toEqual({ accepted: false, reason: 'debit_card' })
    expect(await checkCardBin('123')).toEqual({ accepted: false, reason: 'too_short' })
    const [a, b] = await Promise.all([loadBinTable(), loadBinTable()])
    expect(a).toBe(b)
  })
})

// The committed table is what the derivation makes of its sources, which the repository carries
// (src/domain/card/bin-data/source/, MIT and the TCMB bank list; copied from ../shared/data/bin).
const csv = join(BIN_SOURCE_DIR, 'turkey_bin_list.csv')
describe('derivation from src/domain/card/bin-data/source', () => {
  it('derives exactly the committed bin-table.ts, SOURCE.md and LICENSE (run scripts/derive-bin-table.ts after changing either)', () => {
    const derived = deriveBinTable()
    expect(derived.module).toBe(readFileSync(join(BIN_DATA_DIR, 'bin-table.ts'), 'utf8'))
    expect(derived.source).toBe(readFileSync(join(BIN_DATA_DIR, 'SOURCE.md'), 'utf8'))
    expect(derived.license).toBe(readFileSync(join(BIN_DATA_DIR, 'LICENSE'), 'utf8'))
    expect(derived.license).toMatch(/^MIT License/)
  })

  it('every typed row of turkey_bin_list.csv is in the table with the same card type and sub type', () => {
    const lines = readFileSync(csv, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).slice(1).filter(Boolean)
    expect(lines.length).toBeGreaterThan(1800)
    const subs: Record<string, string> = { MASTERCARD: 'MAS', MAESTRO: 'MAS', VISA: 'VIS', TROY: 'TRY', 'AMERICAN EXPRESS': 'AMX' }
    let typed = 0
    for (const line of lines) {
      const [bin = '', network = '', type = ''] = line.split(';')
      const entry = lookupBin(table, bin)
      if (type !== 'CREDIT' && type !== 'DEBIT') {
        expect(entry).toBeNull()
        continue
      }
      typed++
      expect(entry?.card_type).toBe(type === 'CREDIT' ? 'CREDIT CARD' : 'DEBIT CARD')
      expect(entry?.card_sub_type).toBe(subs[network] ?? '')
    }
    expect(typed).toBe(table.size)
  })
})

describe('bankCodeOf / needsBankCodeFromCustomer (issue 10 item 15)', () => {
  it.each<[string, string, boolean, string]>([
    ['9792 0712 3456 7890', '0046', false, 'a Troy BIN with its bank in the table fills the code'],
    ['9792 9999 9999 9999', '', true, 'a Troy BIN not in the table: the customer types the code'],
    ['9792 0012 3456 7890', '', true, 'a Troy BIN in the table without a bank code'],
    ['4036 6600 0000 1231', '0062', false, 'a commercial credit card fills its code'],
    ['4016 2200 0000 1238', '', false, 'a refused card asks for nothing'],
  ])('%s -> %j (%s)', (number, code, manual) => {
    const r = checkCardBinWith(table, number)
    expect(bankCodeOf(r)).toBe(code)
    expect(needsBankCodeFromCustomer(r)).toBe(manual)
  })
})

/** Issue 21, docs/decisions/card-acceptance.md: the purchase's card rule beside the test form's spec 5 rule. */
describe('checkPurchaseCardWith (purchases)', () => {
  const table = parseBinRows(BIN_ROWS)
  it.each<[string, string, boolean | string]>([
    ['4543600000001233', 'a personal Visa credit card (ticari H)', true],
    ['5406670000001239', 'a personal Mastercard credit card (ticari H)', true],
    ['9792040000001239', 'a personal Troy credit card', true],
    ['4036660000001231', 'a commercial Visa credit card', true],
    ['374423000001232', 'an American Express credit card', true],
    ['4016220000001238', 'a Visa debit card', 'debit_card'],
    ['9792000000000000', 'a Troy debit card (9792: looked up like any other)', 'debit_card'],
    ['1235000000000000', 'a credit card of another network', 'unknown_network'],
    ['9999990000000000', 'a BIN the table does not know', 'unknown_bin'],
  ])('%s (%s) -> %s', (number, _what, expected) => {
    const r = checkPurchaseCardWith(table, number)
    if (expected === true) expect(r.accepted).toBe(true)
    else expect(r).toEqual({ accepted: false, reason: expected })
  })

  it('the test form keeps spec 5: personal credit cards are refused there', () => {
    expect(checkCardBinWith(table, '4543600000001233')).toEqual({ accepted: false, reason: 'not_commercial' })
    expect(checkCardBinWith(table, '5406670000001239')).toEqual({ accepted: false, reason: 'not_commercial' })
  })
})
