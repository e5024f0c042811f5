import { fromPromise } from 'xstate'
import { documentCheckMachine, type DocumentCheckAnswer } from '../../../machines/document-check/document-check.machine.ts'
import type { DocumentCheck } from '../../domain/document-code.ts'
import { call } from '../api/client.ts'
import { ApiError } from '../api/errors.ts'

/**
 * The `/dogrula/<code>` page's check with its real effect: `GET digitalchannels/documents/verify/:code`
 * (the server normalises the code and says whether it can be one). 404 is "no such document", 400
 * "not a code"; any other failure keeps its reason code (RATE_LIMITED when this address asked too often).
 */
export const documentCheckFlow = documentCheckMachine.provide({
  actors: {
    checkDocument: fromPromise<DocumentCheckAnswer, { code: string }>(async ({ input, signal }) => {
      try {
        return await call<DocumentCheck>(`/digitalchannels/documents/verify/${encodeURIComponent(input.code)}`, { method: 'GET', signal })
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'http') {
          if (error.code === 'DOCUMENT_NOT_FOUND') return { missing: 'unknown' }
          if (error.code === 'DOCUMENT_CODE_INVALID' || error.code === 'BAD_PATH') return { missing: 'malformed' }
          throw { code: error.code ?? 'UNEXPECTED' }
        }
        throw { code: 'NETWORK' }
      }
    }),
  },
})
