import type { Locator, Page } from 'playwright-core'

/**
 * Form fields found as a person finds them: by the label a screen reader says (its accessible name),
 * as well as by the `name` the form sends. A field whose label is wrong ("Ad" shown as "AZd", the
 * cover's row titled otherwise) fails the replay at once, naming the label it has; a field found by
 * its name alone would be filled whatever its label said (issue 22: the label mutants survived).
 */
type Scope = Page | Locator

async function labelsOf(field: Locator): Promise<string> {
  return field.first().evaluate((el) => {
    const input = el as HTMLInputElement
    const own = el.getAttribute('aria-label')
    const by = el.getAttribute('aria-labelledby')?.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
    return [own, by, ...[...(input.labels ?? [])].map((l) => l.textContent)].filter(Boolean).map((s) => s!.trim()).join(' | ') || '(none)'
  }).catch(() => '(not found)')
}

/** The control named `name` (`input`, `select`...) whose accessible name is exactly `label`; throws when its label differs. */
export async function labelled(scope: Scope, name: string, label: string, tag = 'input'): Promise<Locator> {
  const byName = scope.locator(`${tag}[name="${name}"]`)
  await byName.first().waitFor({ state: 'visible', timeout: 15_000 })
  const both = scope.getByLabel(label, { exact: true }).and(byName)
  if (await both.count() === 0) throw new Error(`the field "${name}" is not labelled "${label}" (its label: "${await labelsOf(byName)}")`)
  return both.first()
}

/** Fills the text field named `name` labelled `label`. */
export async function fillLabelled(scope: Scope, name: string, label: string, value: string) {
  await (await labelled(scope, name, label)).fill(value)
}

/** Chooses `value` in the list named `name` labelled `label`. */
export async function selectLabelled(scope: Scope, name: string, label: string, value: string) {
  await (await labelled(scope, name, label, 'select')).selectOption(value)
}

/**
 * A summary (a `<dl>` of `<dt>` title and `<dd>` value) shows each row titled as given with its value
 * (a text it contains, or a pattern): the title found exactly, the value beside it.
 */
export async function expectSummaryRows(scope: Scope, rows: Record<string, string | RegExp>) {
  // (a filter's inner locator is taken inside each row: it is made from the page, not from the scope)
  const page = 'keyboard' in scope ? scope : scope.page()
  for (const [title, value] of Object.entries(rows)) {
    const row = scope.locator('dl > div').filter({ has: page.locator('dt').getByText(title, { exact: true }) })
    await row.first().waitFor({ state: 'visible', timeout: 10_000 }).catch(() => { throw new Error(`the summary has no row titled "${title}"`) })
    const shown = (await row.first().locator('dd').textContent()) ?? ''
    const ok = typeof value === 'string' ? shown.includes(value) : value.test(shown)
    if (!ok) throw new Error(`the summary's "${title}" shows "${shown}", not ${String(value)}`)
  }
}
