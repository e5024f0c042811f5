import { expect } from 'vitest'
import { documentCheckMachine } from '../../../machines/document-check/document-check.machine.ts'
import type { DocumentCheck } from '../../../src/domain/document-code.ts'
import type { Model } from '../../support/model-test.ts'

/**
 * The `/dogrula/<code>` page (issue 24 item 5): the code the address carries, then another one
 * typed in the page's form. Codes and the answer as the server gives them (a travel policy).
 */
export const CODE = 'HJKM2345NPQR'
export const OTHER_CODE = 'ABCD-EFGH-JKMN'
export const FOUND: DocumentCheck = {
  code: CODE, product: 'seyahatsaglik', kind: 'policy', number: 'SYS-2026-0000000001', holder: 'Ay** Ça****', nationalId: '100******46',
  issuedAt: '2026-03-02T09:00:00.000Z', startDate: '2026-04-01', endDate: '2026-04-10', status: 'inForce', region: 'schengen', coverEur: 30_000, meetsSchengenVisa: true,
}

export const documentCheckModel: Model = {
  name: 'document-check',
  machine: documentCheckMachine,
  input: { code: CODE },
  events: [{ type: 'retry' }, { type: 'code.change', code: OTHER_CODE }],
  outputs: { checkDocument: [FOUND, { missing: 'unknown' }, { missing: 'malformed' }] },
  errors: { checkDocument: [Object.assign(new Error('x'), { kind: 'network' }), { code: 'RATE_LIMITED' }] },
  serialize: (s) => ({ value: s.value, code: s.context.code, found: s.context.check?.number ?? null, missing: s.context.missing, error: s.context.error }),
  invariants: (s) => {
    expect(s.hasTag('busy')).toBe(s.matches('loading'))
    // the page never holds an unmasked identity number
    if (s.context.check) expect(s.context.check.nationalId).toMatch(/\*/)
  },
}
