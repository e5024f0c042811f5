/** Test helper: appends the Luhn check digit to a digit string. */
export function withLuhn(body: string): string {
  let sum = 0
  let double = true
  for (let i = body.length - 1; i >= 0; i--) {
    let n = Number(body[i])
    if (double) {
      n *= 2
      if (n > 9) n -= 9
    }
    sum += n
    double = !double
  }
  return body + String((10 - (sum % 10)) % 10)
}
