/** Any run of 13 to 19 digits (spaces or dashes between them allowed) looks like a card number. */
const PAN_LIKE = /\d(?:[ -]?\d){12,18}/g

/** Replaces card-number-like runs so that nothing a client sends can put a card number in a log. */
export function redactCardNumbers(text: string, mask = '[redacted]'): string {
  return text.replace(PAN_LIKE, mask)
}
