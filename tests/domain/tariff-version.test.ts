import { afterEach, describe, expect, it } from 'vitest'
import { FUNDS, fundByCode, fundChoiceProblem } from '../../src/domain/funds.ts'
import { purchasePrice } from '../../src/domain/purchase.ts'
import { quoteTravel, quoteTss } from '../../src/domain/tariff.ts'
import { parseCsv, parseTariffCsv, tariffCsvRows, tariffCsvText } from '../../src/domain/tariff-csv.ts'
import { SEED_TARIFF, setTariffInUse, tariffInUse, type TariffFigures } from '../../src/domain/tariff-version.ts'

/** Issue 24: the figures are data given to the pricing; the CSV a version is loaded from; the browser's figures in use. */
const NOW = new Date('2026-03-02T09:00:00Z')
const person = { firstname: 'Ayşe', lastname: 'Kaya', nationalId: '10000000146', nationality: 'TR', birthdate: '1990-05-17', email: 'a@example.com', userphone: '05321234567' }
const contract = (code: string) => ({ personalProfile: person, pensionContract: { currencyOfInvest: 'TRY', freqOfInvest: 'monthly' as const, contributionAmount: 1000, fundChoice: [{ code, share: 100 }] } })

function withFunds(funds: TariffFigures['funds']): TariffFigures {
  return { ...SEED_TARIFF, funds }
}

afterEach(async () => {
  ;(await import('../../src/domain/tariff.ts')).setFiguresInUse(null, null)
  ;(await import('../../src/domain/funds.ts')).setFundsInUse(null)
  delete (globalThis as { __servedTariff?: unknown }).__servedTariff
})

describe('pricing with a version\'s figures', () => {
  it('the same answers cost what the given figures say (version 1 by default)', () => {
    const input = { gender: 'male' as const, citycode: '06', birthdate: '1990-05-17' }
    const v1 = quoteTss(input, NOW)
    const v2 = quoteTss(input, NOW, { ...SEED_TARIFF.tss, cityFactors: { 1: 1.5, 2: 1.05, 3: 0.9 } })
    // 35 years old, Ankara (group 1): 6,600 x 1.2 = 7,920 inpatient; x 1.5 = 9,900
    expect(v1.ok && v1.options[0]!.annualTry).toBe(7_920)
    expect(v2.ok && v2.options[0]!.annualTry).toBe(9_900)
    const trip = { birthdate: '1990-05-17', travelLocation: 'schengen' as const, coverageType: 'standard' as const, covid: false, startDate: '2026-04-01', endDate: '2026-04-05' }
    expect(quoteTravel(trip, NOW)).toMatchObject({ ok: true, premiumTry: 450 })
    expect(quoteTravel(trip, NOW, { ...SEED_TARIFF.travel, lengthBands: [{ from: 1, to: 365, baseTry: 999 }] })).toMatchObject({ ok: true, premiumTry: 999 })
  })

  it('a version whose bands leave an age out refuses it instead of failing', () => {
    const short = { ...SEED_TARIFF.tss, ageBands: SEED_TARIFF.tss.ageBands.slice(0, 2) }
    expect(quoteTss({ gender: 'male', citycode: '06', birthdate: '1980-01-01' }, NOW, short)).toEqual({ ok: false, reason: 'AGE_OUT_OF_RANGE' })
  })

  it('a pension contract buys only funds its version offers', () => {
    expect(purchasePrice('pratikbes', contract('KES'), NOW)).toMatchObject({ ok: true, amountTry: 1000 })
    const without = withFunds(FUNDS.filter((f) => f.code !== 'KES'))
    expect(purchasePrice('pratikbes', contract('KES'), NOW, without)).toEqual({ ok: false, code: 'NOT_PRICEABLE', section: 'pensionContract' })
    const added = withFunds([...FUNDS, { code: 'KEX', name: 'Katılım Emeklilik Sürdürülebilirlik Fonu', kind: 'equity', risk: 6 }])
    expect(purchasePrice('pratikbes', contract('KEX'), NOW, added)).toMatchObject({ ok: true })
    expect(purchasePrice('pratikbes', contract('KEX'), NOW)).toMatchObject({ ok: false, code: 'NOT_PRICEABLE' })
    // the request schema's check: any well-formed code (null), the version's list otherwise
    expect(fundChoiceProblem([{ code: 'KEX', share: 100 }], null)).toBeNull()
    expect(fundChoiceProblem([{ code: 'KEX', share: 100 }])).toBe('unknownFund')
  })

  it('the browser prices with the version the page was served with; nonsense keeps version 1', () => {
    const doubled = { ...SEED_TARIFF, tss: { ...SEED_TARIFF.tss, ageBands: SEED_TARIFF.tss.ageBands.map((b) => ({ ...b, inpatientTry: b.inpatientTry * 2 })) } }
    expect(setTariffInUse({ tss: {} })).toBe(false)
    expect(tariffInUse()).toEqual(SEED_TARIFF)
    expect(setTariffInUse(JSON.parse(JSON.stringify(withFunds([...doubled.funds.slice(0, 2)]))))).toBe(true)
    expect(fundByCode('KES')).toBeUndefined()
    expect(setTariffInUse(JSON.parse(JSON.stringify(doubled)))).toBe(true)
    const q = quoteTss({ gender: 'male', citycode: '06', birthdate: '1990-05-17' }, NOW)
    expect(q.ok && q.options[0]!.annualTry).toBe(15_840)
  })

  it('the page\'s served version (src/web/config.ts sets globalThis.__servedTariff) is what a call without figures uses', async () => {
    const { figuresInUse, setFiguresInUse } = await import('../../src/domain/tariff.ts')
    const { fundsOffered, setFundsInUse } = await import('../../src/domain/funds.ts')
    // no override: what the page was served with decides
    setFiguresInUse(null, null)
    setFundsInUse(null)
    expect(figuresInUse().tss).toBe(SEED_TARIFF.tss)
    const served = JSON.parse(JSON.stringify({ ...SEED_TARIFF, funds: FUNDS.slice(0, 3), travel: { ...SEED_TARIFF.travel, covidLoading: 0.5 } })) as TariffFigures
    ;(globalThis as { __servedTariff?: unknown }).__servedTariff = served
    expect(fundsOffered().map((f) => f.code)).toEqual(['KEP', 'KEK', 'KES'])
    const trip = { birthdate: '1990-05-17', travelLocation: 'schengen' as const, coverageType: 'standard' as const, covid: true, startDate: '2026-04-01', endDate: '2026-04-05' }
    expect(quoteTravel(trip, NOW)).toMatchObject({ ok: true, premiumTry: 675 })
    // nonsense served: version 1's
    ;(globalThis as { __servedTariff?: unknown }).__servedTariff = { tss: 1, funds: [{}] }
    // (450 x 1.15 = 517.5 lira, rounded half up: 518; before the fix binary noise made it 517.4999… and 517)
    expect(quoteTravel(trip, NOW)).toMatchObject({ ok: true, premiumTry: 518 })
    expect(fundsOffered()).toBe(FUNDS)
  })
})

describe('the tariff CSV', () => {
  it('version 1 written and read back gives the same figures', () => {
    const text = tariffCsvText(SEED_TARIFF)
    expect(text.split('\r\n')[0]).toBe('section,key,value,name')
    const parsed = parseTariffCsv(text)
    expect(parsed.ok && parsed.figures).toEqual(JSON.parse(JSON.stringify(SEED_TARIFF)))
    expect(parsed.ok && parsed.rows).toBe(tariffCsvRows(SEED_TARIFF).length)
  })

  it('reads quotes, CRLF, a byte-order mark, semicolons and decimal commas', () => {
    expect(parseCsv('\uFEFFa,"b,""c"""\r\nd,e\n', ',')).toEqual([['a', 'b,"c"'], ['d', 'e']])
    const semi = tariffCsvText(SEED_TARIFF).replace(/,/g, ';').replace('tss.cityFactor;1;1.2;', 'tss.cityFactor;1;1,2;')
    const parsed = parseTariffCsv(semi)
    expect(parsed.ok && parsed.figures.tss.cityFactors[1]).toBe(1.2)
  })

  it('names each problem by its row and column, at most 50', () => {
    const lines = tariffCsvText(SEED_TARIFF).trim().split('\r\n')
    const at = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix))
    const bad = [...lines]
    bad[at('tss.cityFactor,2,')] = 'tss.cityFactor,2,-1,'
    bad[at('travel.coverEur,plus,')] = 'travel.coverEur,plus,50000.5,'
    bad[at('travel.region,worldwide,')] = 'travel.region,mars,2.6,'
    bad[at('fund.gold,KEA,')] = 'fund.gold,KEA,5,'
    bad[at('tss,femaleLoading,')] = 'tss,femaleLoading,0.1,not empty'
    bad.push('fund.crypto,BTC,7,Bitcoin')
    bad.push('tss.cityGroup,34,1,')
    const result = parseTariffCsv(bad.join('\n'))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues).toEqual([
      { row: at('tss.cityFactor,2,') + 1, column: 'value', code: 'range' },
      { row: at('tss,femaleLoading,') + 1, column: 'name', code: 'name' },
      { row: at('travel.region,worldwide,') + 1, column: 'key', code: 'key' },
      { row: at('travel.coverEur,plus,') + 1, column: 'value', code: 'integer' },
      { row: at('fund.gold,KEA,') + 1, column: 'name', code: 'name' },
      { row: bad.length - 1, column: 'section', code: 'section' },
      { row: bad.length, column: 'key', code: 'duplicate' },
      { row: 0, column: null, code: 'missing', key: 'tss.cityFactor 2' },
      { row: 0, column: null, code: 'missing', key: 'tss femaleLoading' },
      { row: 0, column: null, code: 'missing', key: 'travel.region worldwide' },
      { row: 0, column: null, code: 'missing', key: 'travel.coverEur plus' },
    ])
    expect(parseTariffCsv('')).toEqual({ ok: false, issues: [{ row: 0, column: null, code: 'empty' }] })
    const many = [lines[0], ...Array.from({ length: 80 }, () => 'x,y,z,')].join('\n')
    const r = parseTariffCsv(many)
    expect(!r.ok && r.issues.length).toBe(50)
  })

  it('bands must run without gap from the first age or day', () => {
    const lines = tariffCsvText(SEED_TARIFF).trim().split('\r\n')
    const gap = lines.map((l) => (l.startsWith('travel.age,18-64,') ? 'travel.age,19-64,1,' : l))
    const result = parseTariffCsv(gap.join('\n'))
    expect(!result.ok && result.issues).toEqual([{ row: 0, column: null, code: 'bands', key: 'travel.age' }])
  })
})
