/**
 * The SMS port (ARCHITECTURE.md §3): the server hands one text to one Turkish mobile number.
 * Adapters: the built-in catcher (default; keeps messages in memory, readable from loopback at
 * GET API_BASE/dev/sms) and Netgsm's REST v2 API (`SMS_PROVIDER=netgsm`).
 */
export type SmsMessage = { to: string; text: string }

export type SmsPort = {
  readonly kind: 'catcher' | 'netgsm'
  /** Resolves with the provider's message id; rejects with SmsSendError when it did not accept. */
  send(message: SmsMessage): Promise<{ id: string }>
}

/** The provider refused or could not be reached: the caller answers 'Error on sending SMS Message'. */
export class SmsSendError extends Error {
  readonly providerCode: string
  constructor(providerCode: string, detail: string) {
    super(`sms provider: ${providerCode} ${detail}`)
    this.providerCode = providerCode
  }
}
