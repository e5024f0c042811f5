import { useCallback, useEffect, useId, type ChangeEvent } from 'react'
import { useSelector } from '@xstate/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '../../components/Field.tsx'
import fieldStyles from '../../components/Field.module.css'
import { staffDateFormat, useCompanyDefaults } from '../../flows/company-defaults.ts'
import {
  tariffCsvFlow, tariffDetailFlow, tariffListFlow, tariffUploadFlow, type TariffDetail, type TariffListItem,
} from '../../flows/tariffs.ts'
import { fieldErrorText } from '../../i18n/reasons.ts'
import { failureText, useConfirm, useLoaded, useLoader, type Loader } from '../staff/useFlow.ts'
import { StaffPage } from '../staff/StaffPage.tsx'
import { useCan } from '../staff/useCan.ts'
import styles from '../staff/StaffLayout.module.css'
import { EditorForm, useEditor, useEditorField } from './EditorForm.tsx'
import { TARIFFS_PAGE } from './pages.ts'

const STATES: Record<TariffListItem['state'], MessageDescriptor> = {
  inForce: msg`Yürürlükte`,
  scheduled: msg`Planlandı`,
  superseded: msg`Yerini yenisine bıraktı`,
}

/** What each section of the figures is, in the reader's language. */
const SECTIONS: Record<string, MessageDescriptor> = {
  'tss.inpatient': msg`TSS yatarak tedavi yıllık primi (yaş aralığı, TL)`,
  'tss.cityGroup': msg`TSS il grubu (plaka kodu)`,
  'tss.cityFactor': msg`TSS il grubu katsayısı`,
  'tss.outpatientLoading': msg`TSS ayakta tedavi ek oranı (yıllık vizite)`,
  tss: msg`TSS oranları`,
  'travel.length': msg`Seyahat sağlık temel primi (gün aralığı, TL)`,
  'travel.region': msg`Seyahat bölge katsayısı`,
  'travel.coverage': msg`Seyahat teminat seviyesi katsayısı`,
  'travel.coverEur': msg`Seyahat tedavi teminatı (EUR)`,
  'travel.age': msg`Seyahat yaş katsayısı (yaş aralığı)`,
  travel: msg`Seyahat oranları`,
  fund: msg`Emeklilik fonu (risk değeri)`,
}
function sectionText(section: string, i18n: I18n): string {
  const text = SECTIONS[section] ?? (section.startsWith('fund.') ? SECTIONS.fund : undefined)
  return text ? `${i18n._(text)} — ${section}` : section
}

/** A CSV problem the server named (`rows.<n>.<column>` or `file.<section key>`), in words. */
const PROBLEMS: Record<string, MessageDescriptor> = {
  empty: msg`dosya boş`,
  header: msg`ilk satır "section,key,value,name" başlığı olmalıdır`,
  columns: msg`satırda tam 4 sütun olmalıdır`,
  section: msg`bilinmeyen bölüm`,
  key: msg`bu bölümde böyle bir anahtar yok`,
  number: msg`bir sayı olmalıdır`,
  integer: msg`tam sayı olmalıdır`,
  range: msg`değer izin verilen aralığın dışında`,
  name: msg`fon satırında fonun adı olmalı, diğer satırlarda boş kalmalıdır`,
  duplicate: msg`bu bölüm ve anahtar dosyada ikinci kez geçiyor`,
  missing: msg`dosyada eksik`,
  bands: msg`aralıklar boşluksuz ve çakışmasız olarak tüm yaşları / günleri kapsamalıdır`,
}
const COLUMNS: Record<string, MessageDescriptor> = { section: msg`bölüm (section)`, key: msg`anahtar (key)`, value: msg`değer (value)`, name: msg`ad (name)` }

export function csvProblemText(path: string, code: string, i18n: I18n): string {
  const problem = i18n._(PROBLEMS[code] ?? msg`geçersiz`)
  const row = /^rows\.(\d+)(?:\.(\w+))?$/.exec(path)
  if (row) {
    const n = row[1]!
    if (!row[2]) return i18n._(msg`Satır ${n}: ${problem}`)
    const column = i18n._(COLUMNS[row[2]] ?? msg`sütun`)
    return i18n._(msg`Satır ${n}, ${column} sütunu: ${problem}`)
  }
  const what = path.replace(/^file\.?/, '')
  return what ? `${what}: ${problem}` : problem
}

function Versions({ list, shown }: { list: Loader<{ items: TariffListItem[] }>; shown: number | null }) {
  const { t, i18n } = useLingui()
  const data = useLoaded(list)
  const failed = useSelector(list, (s) => (s.matches('failed') ? s.context.error : null))
  const defaults = useCompanyDefaults()
  const when = staffDateFormat(i18n.locale, defaults, { dateStyle: 'short', timeStyle: 'short' })
  const day = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`))
  const exporter = useConfirm(tariffCsvFlow)
  const exportFailed = useSelector(exporter, (s) => (s.matches('failed') ? s.context.error : null))
  if (failed) {
    return (
      <div className={styles.notice} role="alert">
        <p>{failureText(failed, i18n)}</p>
        <button type="button" className={styles.secondaryButton} onClick={() => list.send({ type: 'retry' })}><Trans>Tekrar dene</Trans></button>
      </div>
    )
  }
  if (!data) return <p role="status"><Trans>Yükleniyor…</Trans></p>
  return (
    <>
      <table className={styles.table}>
        <caption>{t`Tarife sürümleri`}</caption>
        <thead>
          <tr>
            <th scope="col"><Trans>Sürüm</Trans></th><th scope="col"><Trans>Yürürlük tarihi</Trans></th><th scope="col"><Trans>Durum</Trans></th>
            <th scope="col"><Trans>Yükleyen</Trans></th><th scope="col"><Trans>Yükleme zamanı</Trans></th><th scope="col"><Trans>Dosya ve not</Trans></th>
            <th scope="col"><span className="visually-hidden"><Trans>İşlemler</Trans></span></th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((v) => (
            <tr key={v.id} aria-current={shown === v.id ? 'true' : undefined} data-version={v.version}>
              <th scope="row">{v.version}</th>
              <td>{day(v.effectiveFrom)}</td>
              <td>{v.state === 'inForce' ? <strong>{i18n._(STATES[v.state])}</strong> : i18n._(STATES[v.state])}</td>
              <td>{v.createdBy === 'system' ? t`Sistem (ilk kurulum)` : v.createdBy}</td>
              <td>{when(v.createdAt)}</td>
              <td>{[v.sourceName, v.note].filter(Boolean).join(' — ') || '—'}</td>
              <td>
                <Link to="." search={{ v: v.id }} className={styles.secondaryButton} aria-label={t`Sürüm ${v.version} rakamlarını göster`}><Trans>Göster</Trans></Link>{' '}
                <button type="button" className={styles.secondaryButton} aria-label={t`CSV indir (sürüm ${v.version})`}
                  onClick={() => exporter.send({ type: 'request', subject: { id: v.id, version: v.version } })}><Trans>CSV indir</Trans></button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {exportFailed && <p className={styles.notice} role="alert">{failureText(exportFailed, i18n)}</p>}
    </>
  )
}

function Figures({ id }: { id: number }) {
  const { t, i18n } = useLingui()
  const detail = useLoader(tariffDetailFlow, id)
  const data = useLoaded(detail) as TariffDetail | null
  const failed = useSelector(detail, (s) => (s.matches('failed') ? s.context.error : null))
  if (failed) return <p className={styles.notice} role="alert">{failureText(failed, i18n)}</p>
  if (!data || data.id !== id) return <p role="status"><Trans>Yükleniyor…</Trans></p>
  const version = data.version
  const previous = data.previousVersion
  return (
    <section aria-labelledby="tariff-figures" className={styles.card}>
      <h2 id="tariff-figures"><Trans>Sürüm {version} rakamları</Trans></h2>
      {previous === null
        ? <p><Trans>İlk sürüm: ürünlerin kurulumdaki rakamları.</Trans></p>
        : data.changes.length === 0
          ? <p><Trans>Sürüm {previous} ile aynı rakamlar.</Trans></p>
          : (
            <table className={styles.table}>
              <caption>{t`Sürüm ${previous} sürümüne göre değişenler`}</caption>
              <thead><tr><th scope="col"><Trans>Bölüm</Trans></th><th scope="col"><Trans>Anahtar</Trans></th><th scope="col"><Trans>Önce</Trans></th><th scope="col"><Trans>Sonra</Trans></th></tr></thead>
              <tbody>
                {data.changes.map((c) => (
                  <tr key={`${c.section}:${c.key}`}><td>{sectionText(c.section, i18n)}</td><td>{c.key}</td><td>{c.before ?? '—'}</td><td>{c.after ?? '—'}</td></tr>
                ))}
              </tbody>
            </table>
          )}
      <table className={styles.table}>
        <caption>{t`Tüm rakamlar`}</caption>
        <thead><tr><th scope="col"><Trans>Bölüm</Trans></th><th scope="col"><Trans>Anahtar</Trans></th><th scope="col"><Trans>Değer</Trans></th><th scope="col"><Trans>Ad</Trans></th></tr></thead>
        <tbody>
          {data.rows.map((r) => (
            <tr key={`${r.section}:${r.key}`}><td>{sectionText(r.section, i18n)}</td><td>{r.key}</td><td>{r.value}</td><td>{r.name || '—'}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Upload({ onLoaded }: { onLoaded(): void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const editor = useEditor(tariffUploadFlow, 'new')
  const effectiveFrom = useEditorField(editor, 'effectiveFrom')
  const note = useEditorField(editor, 'note')
  const csv = useEditorField(editor, 'csv')
  const fileName = useEditorField(editor, 'fileName')
  const saved = useSelector(editor, (s) => s.matches('saved'))
  const problems = useSelector(editor, (s) => Object.entries(s.context.errors).filter(([path]) => path.startsWith('rows.') || path.startsWith('file')))
  useEffect(() => { if (saved) onLoaded() }, [saved, onLoaded])
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0]
    if (!file) return
    fileName.change(file.name)
    csv.change(await file.text())
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}><Trans>Yeni sürüm yükle</Trans></h2>
      <p>
        <Trans>Bir sürümün CSV dosyasını indirip değiştirin ve yürürlük tarihiyle yükleyin. Tarih bugünden önce olamaz; sürüm o gün 00:00'da (Türkiye saati) yürürlüğe girer ve o günden sonraki satışlar onunla fiyatlanır. Hatalı tek bir satır bile varsa hiçbir şey yüklenmez.</Trans>
      </p>
      <EditorForm editor={editor} label={t`Yeni tarife sürümü`}>
        <Field label={t`Yürürlük tarihi`} type="date" name="effectiveFrom" required value={String(effectiveFrom.value ?? '')}
          onChange={(e) => effectiveFrom.change(e.currentTarget.value)}
          error={effectiveFrom.error === 'past' ? t`Yürürlük tarihi bugünden önce olamaz.` : effectiveFrom.error === 'taken' ? t`Bu tarihte yürürlüğe girecek bir sürüm zaten var.` : fieldErrorText(effectiveFrom.error, i18n)} />
        <Field label={t`Tarife dosyası (CSV)`} type="file" name="csv" accept=".csv,text/csv" required onChange={choose}
          hint={fileName.value ? t`Seçilen dosya: ${String(fileName.value)}` : t`Sütunlar: section, key, value, name (virgül veya noktalı virgül ile ayrılmış).`}
          error={fieldErrorText(csv.error, i18n)} />
        <Field label={t`Not (isteğe bağlı)`} name="note" maxLength={500} value={String(note.value ?? '')} onChange={(e) => note.change(e.currentTarget.value)}
          error={fieldErrorText(note.error, i18n)} />
        {problems.length > 0 && (
          <div className={fieldStyles.error} role="alert" data-csv-problems>
            <p><Trans>Dosya yüklenmedi. Düzeltilmesi gerekenler:</Trans></p>
            <ul>{problems.map(([path, code]) => <li key={path}>{csvProblemText(path, code, i18n)}</li>)}</ul>
          </div>
        )}
      </EditorForm>
    </section>
  )
}

/**
 * "Ürünler ve tarifeler" (issue 24, tariff:read): the tariff versions of the TSS and travel prices
 * and the pension funds, who loaded each and when, which is in force, the figures of one and what
 * it changed; with tariff:update, a new version loaded from a CSV file. Read only otherwise: a
 * version is never changed, a correction is a new version.
 */
export function TariffsView({ shown }: { shown: number | null }) {
  const can = useCan()
  const navigate = useNavigate()
  const list = useLoader(tariffListFlow)
  const data = useLoaded(list)
  const current = data?.items.find((v) => v.state === 'inForce')?.id ?? null
  const id = shown ?? current
  const onLoaded = useCallback(() => { list.send({ type: 'reload' }); void navigate({ to: '.', search: {} }) }, [list, navigate])
  return (
    <StaffPage title={TARIFFS_PAGE.title} permission={TARIFFS_PAGE.permission}>
      <p>
        <Trans>Tamamlayıcı sağlık ve seyahat sağlık sigortası fiyatları ile emeklilik fonları. Her satış, satış gününde yürürlükte olan sürümle fiyatlanır ve o sürümü kaydeder. Bu demodaki rakamlar örnek amaçlıdır; gerçek bir tarife değildir.</Trans>
      </p>
      <Versions list={list} shown={id} />
      {id !== null && <Figures id={id} />}
      {can('tariff:update') && (
        <Upload onLoaded={onLoaded} />
      )}
    </StaffPage>
  )
}
