import { fromPromise } from 'xstate'
import type { FieldErrors, Values, VersionedRecord } from '../../../machines/resource-editor/resource-editor.machine.ts'
import { resourceListMachine } from '../../../machines/resource-list/resource-list.machine.ts'
import { uploadMachine, type Checked } from '../../../machines/upload/upload.machine.ts'
import { AddressBody, CompanyBody, JobTitleBody } from '../../domain/schemas/company.ts'
import type { ListPage, ListParams } from '../../domain/list-params.ts'
import { call, callBlob } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { confirmFlow, refusalOf } from './confirm.ts'
import { editorFlow, schemaFieldErrors } from './editor.ts'
import { loadFlow } from './load.ts'
import { getItem } from '../storage.ts'

/**
 * Company settings in the browser (issue 12): the general form, the company's addresses and its
 * job titles, each on the shared list and editor statecharts, and the logo.
 */

export const ownCompanyId = (): string => getItem('companyId') ?? ''

export type Option = { value: string; name: string }
export type Industry = Option & { level: 1 | 2; parent: string | null }
export type Suburb = Option & { zipcode: string | null }

/** Reference lists (public, cached by the server for an hour). */
export const lookups = {
  companySizes: () => call<Option[]>('/lookup/companySizes'),
  industries: () => call<Industry[]>('/lookup/industries'),
  locationTypes: () => call<Option[]>('/lookup/locationTypes'),
  experienceLevels: () => call<Option[]>('/lookup/experiencelevels'),
  countries: () => call<Option[]>('/lookup/countries'),
  cities: (countryCode: string) => call<Option[]>('/lookup/cities', { query: { countryCode } }),
  districts: (countryCode: string, cityCode: string) => call<Option[]>('/lookup/districts', { query: { countryCode, cityCode } }),
  suburbs: (countryCode: string, cityCode: string, districtCode: string) =>
    call<Suburb[]>('/lookup/hometowns', { query: { countryCode, cityCode, districtCode } }),
}

/** The option lists of a page, in the active language (`locale`: a change loads them again, an open form keeps the old meanwhile). */
export const generalListsFlow = loadFlow<{ locale: string }, { sizes: Option[]; industries: Industry[] }>(async () => {
  const [sizes, industries] = await Promise.all([lookups.companySizes(), lookups.industries()])
  return { sizes, industries }
})
export const addressListsFlow = loadFlow<{ locale: string }, { types: Option[]; countries: Option[] }>(async () => {
  const [types, countries] = await Promise.all([lookups.locationTypes(), lookups.countries()])
  return { types, countries }
})
export const experienceLevelsFlow = loadFlow<{ locale: string }, Option[]>(() => lookups.experienceLevels())

/**
 * One level of the address cascade (province, district, neighbourhood): nothing until the levels
 * above are chosen. Shared by the company's addresses and the create-user wizard.
 */
export type CascadeParams = { level: 'cities' | 'districts' | 'suburbs'; country: string; city: string; district: string }
export const cascadeFlow = loadFlow<CascadeParams, Suburb[]>(async ({ level, country, city, district }): Promise<Suburb[]> => {
  if (!country) return []
  const plain = (rows: Option[]): Suburb[] => rows.map((r) => ({ ...r, zipcode: null }))
  if (level === 'cities') return plain(await lookups.cities(country))
  if (!city) return []
  if (level === 'districts') return plain(await lookups.districts(country, city))
  return district ? lookups.suburbs(country, city, district) : []
})

// ---- general ----

export const COMPANY_FIELDS = ['name', 'email', 'phone', 'taxNumber', 'size', 'sector', 'webPage', 'defaultCurrency', 'language', 'timeZone'] as const
export type CompanyInfo = { id: string; version: number; logo: string | null } & Record<(typeof COMPANY_FIELDS)[number], string | null>

export const DEFAULT_TIME_ZONE = 'Europe/Istanbul'

function companyRecord(info: CompanyInfo): VersionedRecord {
  const values: Values = {}
  for (const f of COMPANY_FIELDS) values[f] = info[f] ?? ''
  if (!values.timeZone) values.timeZone = DEFAULT_TIME_ZONE
  return { id: info.id, version: info.version, values: { ...values, logo: info.logo } }
}

function companyBody(values: Values, version: number) {
  const body: Record<string, unknown> = { version }
  for (const f of COMPANY_FIELDS) body[f] = typeof values[f] === 'string' ? values[f] : ''
  if (body.webPage === '') body.webPage = null
  return body
}

/** General: GET /company/companyInfo/{id}, PUT /company/{id} with the version it started from. */
export const companyEditorFlow = editorFlow({
  load: async (id) => companyRecord(await call<CompanyInfo>(`/company/companyInfo/${id}`, { authenticated: true })),
  check: (values) => schemaFieldErrors(CompanyBody, companyBody(values, 1)),
  save: async ({ id, version, values }) =>
    companyRecord(await call<CompanyInfo>(`/company/${id}`, { method: 'PUT', body: companyBody(values, version), authenticated: true })),
})

// ---- logo ----

export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const

/** The browser's pre-check (the server decides, by content): a reason code or null. */
export function logoPrecheck(file: { type: string; size: number }): 'LOGO_TYPE' | 'LOGO_SIZE' | 'LOGO_EMPTY' | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'LOGO_TYPE'
  if (file.size === 0) return 'LOGO_EMPTY'
  if (file.size > LOGO_MAX_BYTES) return 'LOGO_SIZE'
  return null
}

/**
 * The company logo as a data: URL, shared by the header and the general page: fetched with the
 * session headers (spec 7.3), refreshed after an upload or a removal without a page reload.
 */
type LogoState = { url: string | null; loaded: boolean }
let logo: LogoState = { url: null, loaded: false }
const listeners = new Set<() => void>()
let round = 0

/** The page's CSP allows images from its origin and data: URLs only (no blob:): the fetched blob is shown as a data: URL. */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsDataURL(blob)
  })
}

function setLogo(next: LogoState) {
  logo = next
  for (const l of listeners) l()
}

export const companyLogo = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => { listeners.delete(listener) }
  },
  get: (): LogoState => logo,
  /** Fetches the logo again (no logo, or no right to read it: none shown). */
  async refresh(): Promise<void> {
    const mine = ++round
    const id = ownCompanyId()
    if (!id) return
    try {
      // the company's details say whether there is a logo: no request that is bound to fail
      const info = await call<{ logo: string | null }>(`/company/companyInfo/${id}`, { authenticated: true })
      if (!info.logo) throw new Error('no logo')
      const blob = await callBlob(`/images/company/${id}/logo`, { quietNotFound: true })
      const url = await dataUrlOf(blob)
      if (mine === round) setLogo({ url, loaded: true })
    } catch {
      if (mine === round) setLogo({ url: null, loaded: true })
    }
  },
  async upload(file: Blob): Promise<void> {
    await callBlob(`/company/${ownCompanyId()}/logo`, { method: 'POST', body: file })
    await companyLogo.refresh()
  },
  async remove(): Promise<void> {
    await callBlob(`/company/${ownCompanyId()}/logo`, { method: 'DELETE' })
    await companyLogo.refresh()
  },
  /** Forget it (sign-out, another company). */
  clear() { round++; setLogo({ url: null, loaded: false }) },
}

/**
 * The logo on the upload statechart: the browser's pre-check (type, size: LOGO_TYPE, LOGO_SIZE,
 * LOGO_EMPTY; a file that does not decode as an image: LOGO_TYPE; the server decides by content),
 * nothing to review, sent at once; removable. The header follows (companyLogo).
 */
export const logoFlow = uploadMachine.provide({
  actors: {
    check: fromPromise(async ({ input }: { input: { file: unknown } }): Promise<Checked> => {
      const problem = logoPrecheck(input.file as Blob)
      if (problem) throw Object.assign(new Error(problem), { code: problem })
      // a file that claims to be an image but is none is refused here too (the server decides by content)
      try {
        ;(await createImageBitmap(input.file as Blob)).close()
      } catch {
        throw Object.assign(new Error('not an image'), { code: 'LOGO_TYPE' })
      }
      return { review: false }
    }),
    upload: fromPromise(async ({ input }: { input: { file: unknown; prepared: unknown; options: unknown } }): Promise<unknown> => {
      try {
        await companyLogo.upload(input.file as Blob)
      } catch (error) {
        throw refusalOf(error)
      }
      return companyLogo.get().url
    }),
    remove: fromPromise(async (): Promise<unknown> => {
      try {
        await companyLogo.remove()
      } catch (error) {
        throw refusalOf(error)
      }
      return null
    }),
  },
})

// ---- addresses ----

export type AddressItem = {
  addressid: string; status: 'edit'; locationtype: string; locationname: string; countrycode: string; citycode: string | null
  districtcode: string | null; suburbcode: string | null; zipcode: string | null; addresstext: string; version: number
}
export const ADDRESS_FIELDS = ['locationtype', 'locationname', 'countrycode', 'citycode', 'districtcode', 'suburbcode', 'zipcode', 'addresstext'] as const
export const NEW = 'new'

/** Client-side page, sort and search of a short list the server answers whole. */
export function pageOf<T extends Record<string, unknown>>(all: T[], params: ListParams, searchable: readonly (keyof T)[]): ListPage<T> {
  const q = params.q.trim().toLocaleLowerCase('tr')
  let items = q ? all.filter((row) => searchable.some((k) => String(row[k] ?? '').toLocaleLowerCase('tr').includes(q))) : all.slice()
  if (params.sort) {
    const desc = params.sort.startsWith('-')
    const key = desc ? params.sort.slice(1) : params.sort
    const collator = new Intl.Collator('tr')
    items = items.sort((a, b) => collator.compare(String(a[key] ?? ''), String(b[key] ?? '')) * (desc ? -1 : 1))
  }
  const start = (params.page - 1) * params.size
  return { items: items.slice(start, start + params.size), total: items.length, page: params.page, size: params.size }
}

const entity = () => ({ entityname: 'company', entityid: ownCompanyId() })

/** GET /party/address?entityname=company&entityid={company}: the company's addresses. */
export const addressListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) => {
      const { items } = await call<{ items: AddressItem[] }>('/party/address', { query: entity(), authenticated: true, signal })
      return pageOf(items.map((a) => ({ ...a, id: a.addressid })), input, ['locationname', 'addresstext', 'zipcode'])
    }),
  },
})

function addressRecord(a: AddressItem): VersionedRecord {
  const values: Values = { status: 'edit', addressid: a.addressid }
  for (const f of ADDRESS_FIELDS) values[f] = a[f] ?? ''
  return { id: a.addressid, version: a.version, values }
}

export const EMPTY_ADDRESS: Values = {
  status: 'create', addressid: '', locationtype: '', locationname: '', countrycode: 'TR', citycode: '', districtcode: '', suburbcode: '', zipcode: '', addresstext: '',
}

function addressBody(values: Values) {
  const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : '')
  const orNull = (k: string) => text(k) || null
  return {
    locationtype: text('locationtype'), locationname: text('locationname'), countrycode: text('countrycode'),
    citycode: orNull('citycode'), districtcode: orNull('districtcode'), suburbcode: orNull('suburbcode'), zipcode: orNull('zipcode'), addresstext: text('addresstext'),
  }
}

/** Which fields a Turkish address needs beyond the schema (the server checks the same cascade). */
function addressCascadeErrors(values: Values): FieldErrors {
  const errors: FieldErrors = {}
  if (values.countrycode === 'TR') {
    if (!values.citycode) errors.citycode = 'requiredSelection'
    if (!values.districtcode) errors.districtcode = 'requiredSelection'
  }
  return errors
}

/**
 * The address form (spec 4: status starts as `create`, becomes `edit` once saved): a new address is
 * POSTed, a stored one PUT with its version. The status and address id travel in the form values,
 * so the second save of a new address updates what the first created.
 */
export const addressEditorFlow = editorFlow({
  load: async (id) => {
    if (id === NEW) return { id: NEW, version: 0, values: { ...EMPTY_ADDRESS } }
    const { items } = await call<{ items: AddressItem[] }>('/party/address', { query: entity(), authenticated: true })
    const found = items.find((a) => a.addressid === id)
    if (!found) throw new ApiError('http', 404, 'NOT_FOUND', null)
    return addressRecord(found)
  },
  check: (values) => ({ ...addressCascadeErrors(values), ...schemaFieldErrors(AddressBody, addressBody(values)) }),
  save: async ({ version, values }) => {
    const stored = values.status === 'edit' && typeof values.addressid === 'string' && values.addressid
    const saved = stored
      ? await call<AddressItem>(`/party/address/${values.addressid as string}`, { method: 'PUT', body: { version, ...addressBody(values) }, authenticated: true })
      : await call<AddressItem>('/party/address', { method: 'POST', query: entity(), body: addressBody(values), authenticated: true })
    return addressRecord(saved)
  },
})

export const deleteAddress = (a: { addressid: string; version: number }) =>
  call<{ ok: true }>(`/party/address/${a.addressid}`, { method: 'DELETE', query: { version: String(a.version) }, authenticated: true })

/** The address as it is now (the question names it, the deletion sends its version); gone: NOT_FOUND. */
async function currentAddress(a: AddressItem): Promise<AddressItem> {
  const { items } = await call<{ items: AddressItem[] }>('/party/address', { query: entity(), authenticated: true })
  const found = items.find((x) => x.addressid === a.addressid)
  if (!found) throw new ApiError('http', 404, 'NOT_FOUND', null)
  return found
}

/** An address's deletion: read again (the current version), asked, then DELETE with that version. */
export const deleteAddressFlow = confirmFlow<AddressItem, unknown>({
  prepare: async (a) => ({ ask: true, preview: await currentAddress(a) }),
  run: (a, current) => deleteAddress((current as AddressItem | null) ?? a),
})

// ---- job titles ----

export type JobTitleItem = { jobtitleid: string; jobtitle: string; experienceLevel: string; colorCode: string; textColour: string; version: number }

/** GET /company/jobtitle/{company id}: the company's job titles. */
export const jobTitleListFlow = resourceListMachine.provide({
  actors: {
    fetchPage: fromPromise<ListPage<unknown>, ListParams>(async ({ input, signal }) => {
      const { items } = await call<{ items: JobTitleItem[] }>(`/company/jobtitle/${ownCompanyId()}`, { authenticated: true, signal })
      return pageOf(items.map((j) => ({ ...j, id: j.jobtitleid })), input, ['jobtitle'])
    }),
  },
})

export const EMPTY_JOB_TITLE: Values = { status: 'create', jobtitleid: '', title: '', experienceLevel: '', colorCode: '' }

const jobTitleRecord = (j: JobTitleItem): VersionedRecord => ({
  id: j.jobtitleid, version: j.version,
  values: { status: 'edit', jobtitleid: j.jobtitleid, title: j.jobtitle, experienceLevel: j.experienceLevel, colorCode: j.colorCode },
})

const jobTitleBody = (values: Values) => ({
  title: String(values.title ?? ''), experienceLevel: String(values.experienceLevel ?? ''), colorCode: String(values.colorCode ?? ''),
})

/** The job-title form: POST /company/jobtitle when new, PUT /company/jobtitle/{id} with its version after. */
export const jobTitleEditorFlow = editorFlow({
  load: async (id) => {
    if (id === NEW) return { id: NEW, version: 0, values: { ...EMPTY_JOB_TITLE } }
    return jobTitleRecord(await call<JobTitleItem>(`/company/jobtitle/${id}`, { authenticated: true }))
  },
  check: (values) => schemaFieldErrors(JobTitleBody, jobTitleBody(values)),
  save: async ({ version, values }) => {
    const id = values.status === 'edit' ? String(values.jobtitleid ?? '') : ''
    const saved = id
      ? await call<JobTitleItem>(`/company/jobtitle/${id}`, { method: 'PUT', body: { version, ...jobTitleBody(values) }, authenticated: true })
      : await call<JobTitleItem>('/company/jobtitle', { method: 'POST', body: jobTitleBody(values), authenticated: true })
    return jobTitleRecord(saved)
  },
})

export const deleteJobTitle = (j: { jobtitleid: string; version: number }) =>
  call<{ ok: true }>(`/company/jobtitle/${j.jobtitleid}`, { method: 'DELETE', query: { version: String(j.version) }, authenticated: true })

/** A job title's deletion: read again (GET /company/jobtitle/{id}: its current name and version), asked, then deleted with that version. */
export const deleteJobTitleFlow = confirmFlow<JobTitleItem, unknown>({
  prepare: async (j) => ({ ask: true, preview: await call<JobTitleItem>(`/company/jobtitle/${j.jobtitleid}`, { authenticated: true }) }),
  run: (j, current) => deleteJobTitle((current as JobTitleItem | null) ?? j),
})
