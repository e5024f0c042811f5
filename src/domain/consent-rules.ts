/**
 * The consent documents' rules (docs/decisions/consents.md): which products ask each document and
 * which need it, without the documents' texts (src/domain/consents.ts has them), so the purchase
 * statecharts that ask only these do not load every legal text in three languages with a purchase
 * page's first step (issue 23 goal 2). Import it through src/domain/consents.ts.
 */
export type ConsentLocale = 'tr' | 'en' | 'ru'
export type ConsentName = 'gdprtextread' | 'gdprconcent' | 'markconcent' | 'infoconcent' | 'trxconcent' | 'noworkconcent' | 'willconcent'
export type ConsentKind = 'notice' | 'consent' | 'declaration'
export type SalesProduct = 'erkenbes' | 'pratikbes' | 'tss' | 'seyahatsaglik'

export const MESSAGE_CHANNELS = ['SMS', 'EMAIL', 'CALL'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]

/** Each document version's place in the flows (its texts: ConsentDocument, src/domain/consents.ts). */
export type ConsentRule = {
  documentId: string
  name: ConsentName
  version: number
  kind: ConsentKind
  /** Products whose purchase cannot go on without it (accepted, or read for the notice). */
  requiredFor: readonly SalesProduct[]
  /** Products that ask it at all. */
  askedFor: readonly SalesProduct[]
}

const ALL: readonly SalesProduct[] = ['erkenbes', 'pratikbes', 'tss', 'seyahatsaglik']
const BES: readonly SalesProduct[] = ['erkenbes', 'pratikbes']

export const CONSENT_RULES: readonly ConsentRule[] = [
  {
    documentId: 'KVKK-AYDINLATMA-v1',
    name: 'gdprtextread',
    version: 1,
    kind: 'notice',
    requiredFor: ALL,
    askedFor: ALL,
  },
  {
    documentId: 'KVKK-ACIKRIZA-v1',
    name: 'gdprconcent',
    version: 1,
    kind: 'consent',
    requiredFor: ['tss', 'seyahatsaglik'],
    // health data and its transfer abroad: the health products only; a BES application is not asked it (issue 24 item 9)
    askedFor: ['tss', 'seyahatsaglik'],
  },
  {
    documentId: 'TICARI-ILETI-v1',
    name: 'markconcent',
    version: 1,
    kind: 'consent',
    requiredFor: [],
    askedFor: ALL,
  },
  {
    documentId: 'ON-BILGILENDIRME-v1',
    name: 'infoconcent',
    version: 1,
    kind: 'declaration',
    // Asked by no product since the pre-information step shows the whole form and records its
    // acceptance (with the mail of its copy): a second box on the consents step asked the same
    // before the form was even shown (issue 24). Kept so that older records still verify.
    requiredFor: [],
    askedFor: [],
  },
  {
    documentId: 'SOZLESME-ONAY-v1',
    name: 'trxconcent',
    version: 1,
    kind: 'declaration',
    requiredFor: ALL,
    askedFor: ALL,
  },
  {
    documentId: 'CALISMAMA-BEYANI-v1',
    name: 'noworkconcent',
    version: 1,
    kind: 'declaration',
    requiredFor: [],
    askedFor: BES,
  },
  {
    documentId: 'LEHTAR-VASIYET-v1',
    name: 'willconcent',
    version: 1,
    kind: 'declaration',
    requiredFor: [],
    askedFor: BES,
  },
]

/** The newest version of each consent a product asks, in the order the screen shows them (without their texts). */
export function consentRulesFor(product: SalesProduct): ConsentRule[] {
  const newest = new Map<ConsentName, ConsentRule>()
  for (const d of CONSENT_RULES) {
    if (!d.askedFor.includes(product)) continue
    const seen = newest.get(d.name)
    if (!seen || seen.version < d.version) newest.set(d.name, d)
  }
  return [...newest.values()]
}

export type ConsentChoice = { accepted: boolean; channels?: MessageChannel[] }

/**
 * What still blocks progress: the required documents not accepted (or, for the notice, not read).
 * Nothing is ever pre-ticked: a missing choice is "not accepted".
 */
export function missingConsents(product: SalesProduct, choices: Partial<Record<ConsentName, ConsentChoice>>): ConsentName[] {
  return consentRulesFor(product).filter((d) => d.requiredFor.includes(product) && !choices[d.name]?.accepted).map((d) => d.name)
}

/** The record statuses of POST digitalchannels/legalpermission. */
export const PERMISSION_STATUSES = ['READ', 'ACCEPTED', 'REJECTED', 'WITHDRAWN'] as const
export type PermissionStatus = (typeof PERMISSION_STATUSES)[number]

/** Which statuses fit which kind: a notice is only read; consents and declarations are answered. */
export function statusFits(kind: ConsentKind, status: PermissionStatus): boolean {
  return kind === 'notice' ? status === 'READ' : status !== 'READ'
}

/** A record's scope: the channel for commercial messages, else the product the sale is for. */
export function scopeFits(name: ConsentName, scope: string): boolean {
  if (name === 'markconcent') return (MESSAGE_CHANNELS as readonly string[]).includes(scope)
  return (['erkenbes', 'pratikbes', 'tss', 'seyahatsaglik'] as readonly string[]).includes(scope)
}

/**
 * Whether a customer may withdraw their answer to a document on their consent page (issue 24 item
 * 10, KVKK art. 11): the explicit consents (health data, commercial messages per channel). The
 * notice (read) and the declarations (pre-contract form, contract approval, ...) record facts the
 * contract rests on and are not withdrawn.
 */
export function isWithdrawable(doc: Pick<ConsentRule, 'kind'>): boolean {
  return doc.kind === 'consent'
}
