import { asc, eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { consentsFor } from '../../src/domain/consents.ts'
import { SMS_RESEND_COOLDOWN_S } from '../../src/domain/sms.ts'
import { quoteTss } from '../../src/domain/tariff.ts'
import { tariffCsvText } from '../../src/domain/tariff-csv.ts'
import { SEED_TARIFF, type TariffFigures } from '../../src/domain/tariff-version.ts'
import { auditLog, purchase, tariffVersion } from '../../src/server/db/schema.ts'
import { TEST_ADMIN } from '../support/constants.ts'
import { agent, createUser } from '../support/fixtures.ts'
import { TSS_DATA } from '../support/sales-data.ts'
import { createTestApp, dbKinds, type TestApp } from '../support/test-app.ts'
import { withForm } from './pre-information-form.ts'

/**
 * Issue 24 "Tariffs and funds are data" (docs/decisions/tariffs.md): versions of the TSS and travel
 * figures and of the funds, loaded from CSV by staff holding tariff:update, in force from their day
 * (Europe/Istanbul); a purchase is priced with the version in force on its day and records its id.
 * The test clock starts on 2026-03-02 09:00 UTC (12:00 in Istanbul).
 */
const PASSWORD = 'Güçlü-Parola-2026!'

/** Version 1's figures with every TSS inpatient premium doubled (a version whose prices differ everywhere). */
function doubledTss(): TariffFigures {
  return { ...SEED_TARIFF, tss: { ...SEED_TARIFF.tss, ageBands: SEED_TARIFF.tss.ageBands.map((b) => ({ ...b, inpatientTry: b.inpatientTry * 2 })) } }
}

function annualTss(now: Date, figures: TariffFigures): number {
  const q = quoteTss({ gender: 'female', citycode: '34', birthdate: '1990-05-17' }, now, figures.tss)
  if (!q.ok) throw new Error('not priced')
  return q.options.find((o) => o.visits === 10)!.annualTry
}

for (const kind of dbKinds()) {
  describe(`tariff versions [${kind}]`, { timeout: 120_000 }, () => {
    let t: TestApp
    let admin: ReturnType<typeof agent>
    beforeEach(async () => {
      t = await createTestApp(kind)
      admin = agent(t.request)
      expect((await admin.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
    })
    afterEach(async () => t.close())

    const load = (a: ReturnType<typeof agent>, effectiveFrom: string, csv: string, extra: Record<string, string> = {}) =>
      a.post('/tariff', { effectiveFrom, csv, fileName: 'tarife.csv', ...extra })

    it('version 1 is seeded with the figures the code held (every existing price keeps its amount)', async () => {
      const rows = await t.db.select().from(tariffVersion)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ version: 1, effectiveFrom: '2000-01-01', createdBy: 'system' })
      expect(rows[0]!.figures).toEqual(JSON.parse(JSON.stringify(SEED_TARIFF)))
      const current = await agent(t.request).get('/tariff/current')
      expect(current.status).toBe(200)
      expect(current.body).toMatchObject({ version: 1, effectiveFrom: '2000-01-01' })
      expect(current.body.figures).toEqual(JSON.parse(JSON.stringify(SEED_TARIFF)))
    })

    it('a sale is priced with the version in force on its day and records that version', async () => {
      const loaded = await load(admin, '2026-03-05', tariffCsvText(doubledTss()), { note: 'Yatarak tedavi primleri iki katı' })
      expect(loaded.status, JSON.stringify(loaded.body)).toBe(201)
      expect(loaded.body).toMatchObject({ version: 2, effectiveFrom: '2026-03-05', createdBy: TEST_ADMIN.username, state: 'scheduled' })
      const [v1] = await t.db.select().from(tariffVersion).where(eq(tariffVersion.version, 1))

      const buy = async (phone: string) => {
        const shop = agent(t.request)
        t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
        await shop.post('/notification/sendsms', { gsmNumber: phone, smsSource: 'tss' })
        const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
        const ticket = String((await shop.post('/notification/verifysms', { gsmNumber: phone, code, smsSource: 'tss' })).body.ticket)
        const saved = await shop.post('/digitalchannels/application', { ticket, product: 'tss', step: 'payment', data: TSS_DATA })
        expect(saved.status, JSON.stringify(saved.body)).toBe(200)
        for (const d of consentsFor('tss').filter((x) => x.requiredFor.includes('tss'))) {
          const res = await shop.post('/digitalchannels/legalpermission',
            { name: d.name, status: d.kind === 'notice' ? 'READ' : 'ACCEPTED', documentId: d.documentId, scope: 'tss', ticket },
            { saleId: String(saved.body.id), processStep: 'consents' })
          expect(res.status).toBe(201)
        }
        const created = await shop.post('/digitalchannels/purchase', await withForm(shop.post, ticket, 'tss'))
        expect(created.status, JSON.stringify(created.body)).toBe(201)
        const [row] = await t.db.select().from(purchase).where(eq(purchase.id, String(created.body.id)))
        return { amount: created.body.amount, saved: saved.body.price as { amount: number }, row: row! }
      }

      // before the day (the evening before, 23:59 in Istanbul): version 1's price
      t.clock.set(new Date('2026-03-04T20:58:00Z'))
      const before = await buy('0532 123 45 67')
      const v1Price = annualTss(t.clock.now(), SEED_TARIFF)
      expect(before.amount).toBe(v1Price)
      expect(before.saved.amount).toBe(v1Price)
      expect(before.row).toMatchObject({ amount: v1Price.toFixed(2), tariffVersionId: v1!.id })
      expect((await agent(t.request).get('/tariff/current')).body).toMatchObject({ version: 1 })

      // from 00:00 of the day in Istanbul (21:00 UTC the day before): version 2's
      t.clock.set(new Date('2026-03-04T21:00:30Z'))
      const after = await buy('0533 765 43 21')
      const v2Price = annualTss(t.clock.now(), doubledTss())
      expect(v2Price).toBe(v1Price * 2)
      expect(after.amount).toBe(v2Price)
      expect(after.row).toMatchObject({ amount: v2Price.toFixed(2), tariffVersionId: loaded.body.id })
      expect((await agent(t.request).get('/tariff/current')).body).toMatchObject({ version: 2, effectiveFrom: '2026-03-05' })

      // staff see both, which is in force, who loaded the new one and what it changed (signed in again: days went by)
      admin = agent(t.request)
      expect((await admin.post('/auth/login', { username: TEST_ADMIN.username, password: TEST_ADMIN.password })).status).toBe(200)
      const list = await admin.get('/tariff')
      expect(list.status).toBe(200)
      expect(list.body.items).toEqual([
        expect.objectContaining({ version: 2, state: 'inForce', createdBy: TEST_ADMIN.username, sourceName: 'tarife.csv', note: 'Yatarak tedavi primleri iki katı' }),
        expect.objectContaining({ version: 1, state: 'superseded', createdBy: 'system' }),
      ])
      const detail = await admin.get(`/tariff/${String(loaded.body.id)}`)
      expect(detail.body.previousVersion).toBe(1)
      expect(detail.body.changes).toHaveLength(SEED_TARIFF.tss.ageBands.length)
      expect(detail.body.changes).toContainEqual({ section: 'tss.inpatient', key: '30-39', before: '6600', after: '13200' })
    })

    it('a purchase still open when a new version takes effect is repriced with it (the form given before no longer matches)', async () => {
      expect((await load(admin, '2026-03-03', tariffCsvText(doubledTss()))).status).toBe(201)
      // the customer's evening: the form is given at 23:50 in Istanbul, the purchase made after midnight
      t.clock.set(new Date('2026-03-02T20:50:00Z'))
      const shop = agent(t.request)
      t.clock.advance(SMS_RESEND_COOLDOWN_S * 1000)
      await shop.post('/notification/sendsms', { gsmNumber: '0532 111 22 33', smsSource: 'tss' })
      const code = /(\d{6})/.exec(t.sms.at(-1)!.text)![1]!
      const ticket = String((await shop.post('/notification/verifysms', { gsmNumber: '0532 111 22 33', code, smsSource: 'tss' })).body.ticket)
      const saved = await shop.post('/digitalchannels/application', { ticket, product: 'tss', step: 'payment', data: TSS_DATA })
      for (const d of consentsFor('tss').filter((x) => x.requiredFor.includes('tss'))) {
        await shop.post('/digitalchannels/legalpermission', { name: d.name, status: d.kind === 'notice' ? 'READ' : 'ACCEPTED', documentId: d.documentId, scope: 'tss', ticket },
          { saleId: String(saved.body.id), processStep: 'consents' })
      }
      const body = await withForm(shop.post, ticket, 'tss')
      // the form was given at version 1's price; the next day version 2 is in force
      t.clock.set(new Date('2026-03-02T21:00:01Z'))
      const refused = await shop.post('/digitalchannels/purchase', body)
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ code: 'PRE_INFORMATION_CHANGED' })
      expect(await t.db.select().from(purchase)).toHaveLength(0)
    })

    it('refuses a file with any bad row, naming each row and column, and loads nothing', async () => {
      const good = tariffCsvText(SEED_TARIFF).split('\r\n')
      const bad = [...good]
      bad[1] = 'tss.inpatient,0-17,dört bin,' // row 2: not a number
      bad[3] = 'tss.unknown,x,1,' // row 4: unknown section
      bad[5] = 'tss.inpatient,50-59,11800' // row 6: three cells
      const res = await load(admin, '2026-03-10', bad.join('\r\n'))
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'TARIFF_INVALID', message: 'Tarife dosyası yüklenemedi: hatalı satırları düzeltip yeniden yükleyiniz' })
      expect(res.body.issues).toEqual(expect.arrayContaining([
        { path: 'rows.2.value', code: 'number' },
        { path: 'rows.4.section', code: 'section' },
        { path: 'rows.6', code: 'columns' },
        // rows 2 and 6 were the bands 0-17 and 50-59: the ages they covered are missing now
        { path: 'file.tss.inpatient', code: 'bands' },
      ]))
      // a figure left out is named by its section and key; a fund with a risk of 9; a wrong header
      const noCovid = good.filter((l) => !l.startsWith('travel,covidLoading'))
      expect((await load(admin, '2026-03-10', noCovid.join('\r\n'))).body.issues).toEqual([{ path: 'file.travel covidLoading', code: 'missing' }])
      const risky = good.map((l) => (l.startsWith('fund.gold,KEA,') ? l.replace(',5,', ',9,') : l))
      const riskyRow = risky.findIndex((l) => l.startsWith('fund.gold,KEA,')) + 1
      expect((await load(admin, '2026-03-10', risky.join('\r\n'))).body.issues).toEqual([{ path: `rows.${riskyRow}.value`, code: 'range' }])
      expect((await load(admin, '2026-03-10', ['bolum,anahtar,deger', ...good.slice(1)].join('\r\n'))).body.issues).toEqual([{ path: 'rows.1', code: 'header' }])
      // a day before today in Türkiye is refused, today is taken
      const past = await load(admin, '2026-03-01', tariffCsvText(SEED_TARIFF))
      expect(past.status).toBe(400)
      expect(past.body.issues).toEqual([{ path: 'effectiveFrom', code: 'past' }])
      expect((await load(admin, '2026-02-30', tariffCsvText(SEED_TARIFF))).status).toBe(400)
      // in English, for an English reader
      const en = await admin.post('/tariff', { effectiveFrom: '2026-03-10', csv: 'x' }, { locale: 'en' })
      expect(en.body.message).toBe('The tariff file could not be loaded: correct the rows in error and load it again')
      expect(await t.db.select().from(tariffVersion)).toHaveLength(1)
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'tariff.loaded'))).toHaveLength(0)
      // the same file, correct, loads today: the version is in force at once, audited with who, the file and its rows
      const today = await load(admin, '2026-03-02', tariffCsvText(SEED_TARIFF))
      expect(today.status).toBe(201)
      expect(today.body.state).toBe('inForce')
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tariff.loaded'))
      expect(entry).toMatchObject({ actor: TEST_ADMIN.username, target: String(today.body.id) })
      expect(entry!.detail).toMatchObject({ version: 2, effectiveFrom: '2026-03-02', fileName: 'tarife.csv', rows: good.length - 2 })
    })

    it('reads a semicolon file with decimal commas (a Turkish spreadsheet\'s export) as the same figures', async () => {
      const semicolon = tariffCsvText(SEED_TARIFF).split('\r\n').map((l) => l.replace(/,/g, ';').replace(/;(\d+)\.(\d+);/, ';$1,$2;')).join('\r\n')
      const res = await load(admin, '2026-03-10', `\uFEFF${semicolon}`)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      const [row] = await t.db.select().from(tariffVersion).where(eq(tariffVersion.version, 2))
      expect(row!.figures).toEqual(JSON.parse(JSON.stringify(SEED_TARIFF)))
      // its CSV downloads as the file it came from, for the next change
      const csv = await t.request(`/tariff/${row!.id}/csv`, { headers: { cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
      expect(csv.headers.get('content-disposition')).toBe('attachment; filename="tarife-v2.csv"')
      expect((await csv.text()).split('\r\n')[1]).toBe('"tss.inpatient","0-17","4200",""')
    })

    it('only a role holding tariff:update loads a version; tariff:read reads them; others are refused', async () => {
      await createUser(t.db, { username: 'ayse.yilmaz', password: PASSWORD, roles: ['ROLE_ADMIN'] })
      await createUser(t.db, { username: 'mehmet.demir', password: PASSWORD, roles: ['ROLE_USER'] })
      const adminRole = agent(t.request)
      expect((await adminRole.post('/auth/login', { username: 'ayse.yilmaz', password: PASSWORD })).status).toBe(200)
      const user = agent(t.request)
      expect((await user.post('/auth/login', { username: 'mehmet.demir', password: PASSWORD })).status).toBe(200)
      expect((await adminRole.get('/tariff')).status).toBe(200)
      const refused = await load(adminRole, '2026-03-10', tariffCsvText(SEED_TARIFF))
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN' })
      expect((await user.get('/tariff')).status).toBe(403)
      expect((await user.get('/tariff/1')).status).toBe(403)
      expect((await load(user, '2026-03-10', tariffCsvText(SEED_TARIFF))).status).toBe(403)
      expect((await agent(t.request).get('/tariff')).status).toBe(401)
      expect((await load(agent(t.request), '2026-03-10', tariffCsvText(SEED_TARIFF))).status).toBe(401)
      expect(await t.db.select().from(tariffVersion)).toHaveLength(1)
    })

    it('parallel loads number their versions one after another; two for the same day: one wins, the other is told', async () => {
      const csv = tariffCsvText(SEED_TARIFF)
      const days = ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']
      const answers = await Promise.all(days.map((d) => load(admin, d, csv)))
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201])
      const rows = await t.db.select().from(tariffVersion).orderBy(asc(tariffVersion.version))
      expect(rows.map((r) => r.version)).toEqual([1, 2, 3, 4, 5, 6])
      const same = await Promise.all([1, 2, 3].map(() => load(admin, '2026-04-01', csv)))
      expect(same.map((a) => a.status).sort()).toEqual([201, 409, 409])
      expect(same.find((a) => a.status === 409)!.body).toMatchObject({ code: 'TARIFF_DAY_TAKEN', message: 'Bu tarihte yürürlüğe girecek bir tarife sürümü zaten var' })
      expect(await t.db.select().from(tariffVersion)).toHaveLength(7)
      expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'tariff.loaded'))).toHaveLength(6)
    })
  })
}
