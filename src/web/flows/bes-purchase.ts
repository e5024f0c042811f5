import { fromPromise } from 'xstate'
import {
  besPurchaseMachine, type ConsentsInput, type PurchaseInput, type PurchaseStarted, type SaveInput,
} from '../../../machines/bes-purchase/bes-purchase.machine.ts'
import type { BesProduct } from '../../domain/bes.ts'
import { consentsFor, MESSAGE_CHANNELS } from '../../domain/consents.ts'
import type { SavedApplication } from '../../domain/schemas/application.ts'
import { call } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'
import { smsVerificationFlow } from './sms-verification.ts'

/** The machine reads reason codes, never English text. */
function reason(error: unknown): { code: string } {
  if (error instanceof ApiError) return { code: error.kind !== 'http' ? 'NETWORK' : error.code ?? 'UNEXPECTED' }
  return { code: 'UNEXPECTED' }
}
async function coded<T>(p: Promise<T>): Promise<T> {
  try {
    return await p
  } catch (error) {
    throw reason(error)
  }
}

/**
 * One legal-permission record per consent text shown (spec 7.3): the notice READ, every consent and
 * declaration ACCEPTED or REJECTED (an unticked explicit consent is recorded as refused), and the
 * commercial-message consent once per channel.
 */
export function consentRecords(input: ConsentsInput) {
  const records: Array<{ name: string; status: string; documentId: string; scope: string }> = []
  for (const d of consentsFor(input.product)) {
    const choice = input.choices[d.name]
    if (d.kind === 'notice') {
      if (choice?.accepted) records.push({ name: d.name, status: 'READ', documentId: d.documentId, scope: input.product })
    } else if (d.name === 'markconcent') {
      for (const channel of MESSAGE_CHANNELS) {
        const yes = !!choice?.accepted && !!choice.channels?.includes(channel)
        records.push({ name: d.name, status: yes ? 'ACCEPTED' : 'REJECTED', documentId: d.documentId, scope: channel })
      }
    } else {
      records.push({ name: d.name, status: choice?.accepted ? 'ACCEPTED' : 'REJECTED', documentId: d.documentId, scope: input.product })
    }
  }
  return records
}

export const besPurchaseFlow = besPurchaseMachine.provide({
  actors: {
    smsVerification: smsVerificationFlow,
    resumeApplication: fromPromise<SavedApplication, { ticket: string; product: BesProduct }>(({ input }) =>
      coded(call<SavedApplication>('/digitalchannels/application/resume', { body: input }))),
    saveApplication: fromPromise<SavedApplication, SaveInput>(({ input }) =>
      coded(call<SavedApplication>('/digitalchannels/application', { body: input }))),
    recordConsents: fromPromise<void, ConsentsInput>(async ({ input }) => {
      for (const r of consentRecords(input)) {
        await coded(call('/digitalchannels/legalpermission', {
          body: { ...r, partyId: input.applicationId },
          headers: { saleId: input.applicationId, processStep: 'consents' },
        }))
      }
    }),
    startPurchase: fromPromise<PurchaseStarted, PurchaseInput>(async () => {
      throw { code: 'NOT_CONNECTED' }
    }),
  },
})
