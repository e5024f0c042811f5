/**
 * Performance budgets: figures of `npm run bench` that CI holds as pass/fail
 * (`npm run bench -- --budget`, after a build). Each budget measures one figure now and compares it
 * with its limit; a figure over its maximum (or under its minimum) fails the run.
 *
 * Adding one: append an entry to BUDGETS with a `measure` that returns the figure (reuse the bench
 * parts: bench-bundle.ts, or a script's exported function), its `max` or `min`, its unit, and `why`
 * (the figure the limit was set against, with the date and commit). Keep a measure quick (CI runs
 * them all) and stable on a busy 2-core machine: sizes are exact, timings need a ratio to a floor
 * measured beside them.
 */
import { bundleSizes, type BundleSizes, type RouteSize } from './bench-bundle.ts'

export type Budget = {
  name: string
  unit: 'KiB' | 'ms' | 'x'
  measure: () => Promise<{ value: number; detail?: string }>
  max?: number
  min?: number
  why: string
}

let sizes: Promise<BundleSizes> | undefined
const bundle = () => (sizes ??= bundleSizes())
const KiB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

const PUBLIC = /^\/($|urunler\/|result\/|kvkk|dogrula)/
const STAFF = /^\/(auth|navbar|inbox)(\/|$)/

/** The route of a group that loads the most JavaScript (gzipped), its layouts and catalog parts included. */
async function heaviest(group: RegExp): Promise<{ value: number; detail: string }> {
  const routes = (await bundle()).routes.filter((r) => group.test(r.route))
  if (!routes.length) throw new Error(`no route matches ${group}`)
  const top = routes.reduce((a: RouteSize, b) => (b.jsGz > a.jsGz ? b : a))
  return { value: KiB(top.jsGz), detail: `${top.route} (${routes.length} pages)` }
}

export const BUDGETS: Budget[] = [
  {
    name: 'JS of / before the card form loads (gzipped)',
    unit: 'KiB',
    measure: async () => {
      const home = (await bundle()).routes.find((r) => r.route === '/')
      if (!home) throw new Error('no route / in the manifest')
      return { value: KiB(home.jsGz), detail: `${home.files} files with its CSS` }
    },
    max: 125.8,
    why: '125.5 KiB on 2026-11-27 (eighth session) after the merges of bundle23g and margin23h: the card form\'s texts in their own catalog part, loaded with its code (-0.2 here); 126.3 KiB on 2026-11-27 (eighth session, branch bundle23g): the landing sections below the fold (tabs, plans, calculator, forms, FAQ) and their texts (the `sections` catalog part) load on intent, their prerendered markup hydrated in place (components/landing/DeferredLandingSections.tsx; -8.5 KiB), and the API client calls fetch itself instead of ofetch with ufo and destr (-3.5 KiB on every page). Issue 23 asks 130 KiB: met; 138.3 KiB on 2026-11-27 (seventh session) after the merge of paint23f: the rule for which screen an address opens at now knows the steps an address may name (`?step=`, a reload at a later purchase step, src/domain/purchase-address.ts), which the entry loads to decide whether to hydrate; 138.1 KiB on 2026-11-27 (branch bundle23f after merging main with audit25f; 138.0 on the branch before that merge, unchanged by its own work: the purchase statecharts on intent do not touch /); 137.9 KiB on 2026-11-27 (fifth session) after the merges of bundle23d, scale25d, audit25d and services26d: the route tree validates the purchase and result pages\' search parameters (plain validators in src/domain/search.ts, issue 26 item 6) and the audit log\'s filters (src/domain/admin-list-filters.ts); 137.4 KiB on 2026-11-27 (branch bundle23d): the catalog in parts per area (src/web/i18n/parts.ts), so / no longer carries the purchase flows\' texts (7.2 KiB gzipped in Turkish); counted with the landing texts\' part (5.0 KiB) it loads before hydrating; 143.4 KiB before on the same count. Issue 23 asks 130 KiB: react-dom is 60 KiB and the router 19 KiB of the 120 KiB entry; 143.2 KiB on 2026-11-27 (fourth session, after the merges of tariffs24c and code26c: the footer\'s illustrative-figures line, the catalog\'s plural forms); 142.8 KiB on 2026-11-27 (fourth session): the inspector\'s sanitiser loads with the inspector (ofetch with ufo and destr weighs 4.5 KiB here, but the owner\'s brief names it); 144.1 KiB on 2026-11-27 (third session): the routes\' search validators are plain functions (src/domain/search.ts), so zod\'s core no longer loads with the route tree; 153.0 KiB before, after the merges of admin25b and sales24b; 151.5 KiB on 2026-11-27 after the merges of phone23 and code26: zod/mini (8.9 KiB) loads with the route tree since every route that reads search parameters validates them with a zod schema (issue 26 item 6); 142.1 KiB on 2026-11-27 (branch phone23: the staff texts out of the public catalog part, the toasts on intent); was 155.7 KiB on 2026-11-27 (main 6147937). Issue 23 asks 130 KiB: lower this limit as that work lands',
  },
  {
    name: 'JS of the heaviest public page (gzipped)',
    unit: 'KiB',
    measure: () => heaviest(PUBLIC),
    max: 151.8,
    why: '151.5 KiB (the result pages) on 2026-11-27 (eighth session) after the merge of margin23h (the card form\'s texts out of the site part); 152.6 KiB (the four result pages; the market pages are held by their own budget below) on 2026-11-27 (eighth session, branch bundle23g): the quick quotes\' statecharts and xstate load on intent (the form drawn without them, the provinces asked for by the page and handed to the machine), the BES provinces\' load statechart too, and ofetch is gone from the API client; the result pages show their outcome from a load statechart at once, so they keep xstate; 165.4 KiB (/urunler/market/seyahatsaglik; tss 165.2, erkenbes/pratikbes 164.1, the result pages 155.2) on 2026-11-27 (branch bundle23f): the purchase statecharts load on intent (src/web/lazy-actor.ts; the first step drawn without them: the quick quote on its own machine, the BES quick profile as a plain form), so the machine, its section checks with zod and the SMS child machine are no longer in the first load (-14.8 KiB on tss, -16.5 on the BES pages); the result pages no longer load the card form\'s flow (flows/payment-result.ts, -20.2 KiB). Issue 23 asks 150 KiB: the quick quote page alone is 154.4 (react-dom 61, the router 19, xstate 13.4, the Turkish site texts 8.3 and sales texts 7.3); 180.6 KiB (/urunler/market/pratikbes) before after the merges of bundle23e; 180.0 KiB (/urunler/market/seyahatsaglik) on 2026-11-27 (branch bundle23e, commit dce58d2): the consent documents\' rules apart from their texts (src/domain/consent-rules.ts), so the purchase statecharts no longer load every legal text in three languages with the first step (-3.8 KiB; BES pages 183.1 -> 179.4); the opening screen of a page opened with a quote (src/domain/purchase-address.ts, +0.4 KiB); 183.4 KiB (/urunler/market/seyahatsaglik) on 2026-11-27 (sixth session) after the merge of flow24d: the purchase pages keep a history entry per step and resume a verified purchase (usePurchaseHistory, the machine\'s restore event); 182.9 KiB (/urunler/market/pratikbes) on 2026-11-27 (fifth session) after the same merges: the same route-tree validators; 182.4 KiB (/urunler/market/erkenbes) on 2026-11-27 (branch bundle23d), now counted as the browser loads it: with the _site layout\'s chunks (3.6 KiB the count left out before) and the purchase texts\' catalog part (7.2 KiB); the same page was 186.2 KiB on this count before the catalog parts (the landing texts no longer load with it). Issue 23 asks 150 KiB: the purchase statechart with its SMS child machine and zod schemas (xstate 14 KiB, zod 7.8 KiB) load with the first step; 182.6 KiB (/urunler/market/erkenbes) on 2026-11-27 (fourth session) after the merges of tariffs24c, code26c, admin25c and docs24c: the route tree\'s entry for /dogrula/$code (0.1 KiB on every page), the footer\'s illustrative-figures line; 182.1 KiB (/urunler/market/pratikbes) on 2026-11-27 (third session): the create-user wizard\'s in-place dialogs load through lazy-part.ts too, and the bundler moved that shared module (0.3 KiB) into a chunk the purchase pages load, about 0.2 KiB of chunk glue, no page code; 181.9 KiB before; 181.4 KiB (/urunler/market/pratikbes) on 2026-11-27 after the merge of sales24: the purchase statecharts gain the pre-information step (its view loads with the later steps); 178.9 KiB (/urunler/market/erkenbes) on 2026-11-27 (branch phone23: catalog parts, the steps after the quote on intent); was 197.0 KiB (seyahatsaglik) on 2026-11-27 (main 6147937). Issue 23 asks 150 KiB: lower this limit as that work lands',
  },
  {
    name: 'JS of the heaviest market page before the customer acts (gzipped)',
    unit: 'KiB',
    measure: () => heaviest(/^\/urunler\/market\//),
    max: 148.0,
    why: '147.7 KiB (/urunler/market/seyahatsaglik; tss 147.6, erkenbes/pratikbes 142.7, the quick quotes 134.2 / 136.4) on 2026-11-27 (eighth session, branch margin23h): the card form\'s texts are a catalog part of their own loaded with its code (the Turkish site part in the entry 229 -> 177 texts, -0.9 KiB on every page), and the leave guard with the router\'s useBlocker loads with the steps after the phone (-1.3 KiB); 149.9 KiB (/urunler/market/seyahatsaglik; tss 149.8) on 2026-11-27 (eighth session) after the merge of paint23g with bundle23g: a quoted address\'s phone step is drawn by the purchase page from its first render, so the SMS form and its view load with it (+2.8 KiB); the limit is issue 23\'s 150 KiB; 147.1 KiB (/urunler/market/seyahatsaglik; tss 146.9, erkenbes/pratikbes 144.6, the quick quotes 134.9 / 137.0) on 2026-11-27 (eighth session, branch bundle23g): the quick quotes\' statecharts with xstate on intent (lazy-actor.ts), the provinces asked for by the page (flows/cities.ts), no @xstate/react on the first screen, no ofetch; 165.7 KiB (seyahatsaglik) before. Issue 23 asks 150 KiB for every market page',
  },
  {
    name: 'JS of the heaviest staff page (gzipped)',
    unit: 'KiB',
    measure: () => heaviest(STAFF),
    max: 209.3,
    why: '209.0 KiB (/navbar/profile) on 2026-11-27 (eighth session) after the merge of margin23h (the card form\'s texts out of the site part); 209.9 KiB (/navbar/profile) on 2026-11-27 (eighth session, branch bundle23g): ofetch with ufo and destr out of the entry (-3.5 KiB on every page); 212.4 KiB (/navbar/profile) on 2026-11-27 (seventh session) after the merge of audit25f: the staff texts\' part carries the audit log\'s person picker (its hint, states and the "Kişi olarak" choice); 211.8 KiB (/navbar/profile) on 2026-11-27 (fifth session) after the merge of audit25d: the staff texts\' part carries the audit log page\'s and a user\'s events\' texts; the user\'s events section (the audit list, sentences and drawer) loads only when shown (lazy in UserDetailsView.tsx; 216.2 KiB with it in the page); 210.2 KiB (/navbar/profile) on 2026-11-27 (branch bundle23d), now counted with the navbar layout\'s chunks (14.2 KiB the count left out before) and the staff texts\' part; on the old count the page fell from 207.1 to 196.0 KiB (the landing and purchase texts no longer load with the staff pages); 207.1 KiB after the merge of docs24c (the route tree\'s entry for /dogrula/$code); after the merge of admin25c: a sign-out forgets the create-user wizard\'s draft kept in the tab (storage.ts, issue 25 item 6), the leave guard\'s beforeUnload option, the staff name rule\'s message names the hyphen, and the catalog\'s new texts; 206.8 KiB (/navbar/profile with the staff catalog part, 12.9 KiB) on 2026-11-27 after the merges of tariffs24c and code26c (the catalog\'s plural forms, issue 26 item 7); 206.6 KiB (/navbar/profile with the staff catalog part, 12.8 KiB) on 2026-11-27 (branch tariffs24c): the staff texts of the "Ürünler ve tarifeler" page (issue 24: its sections, states and every CSV problem by row and column, 1.4 KiB of the catalog part every staff page loads) and its settings card; the public budgets unchanged; 204.9 KiB (/navbar/profile with the staff catalog part) on 2026-11-27 (fourth session): the inspector\'s sanitiser lazy; 205.1 KiB (/navbar/profile with the staff catalog part, 11.4 KiB) on 2026-11-27 (third session): the create-user wizard loads the company pages\' job-title and address fields when an in-place dialog first opens (210.2 KiB before, after the merge of admin25b); 209.5 KiB (/navbar/settings/users_.new with the staff catalog part, 11.3 KiB) on 2026-11-27 after the merge of admin25: the create-user wizard adds a job title or a work location in place (issue 25 item 2); 201.2 KiB (/navbar/profile with the staff catalog part, 10.2 KiB) on 2026-11-27 (branch phone23); was 204.7 KiB on 2026-11-27 (main 6147937), 190.8 KiB on 2026-11-26',
  },
]

/** Measures every budget, prints one line each, and says whether all passed. */
export async function runBudgets(budgets: Budget[] = BUDGETS, print: (line: string) => void = console.log): Promise<boolean> {
  let ok = true
  print('\nPerformance budgets')
  for (const b of budgets) {
    let line: string
    try {
      const { value, detail } = await b.measure()
      const pass = (b.max === undefined || value <= b.max) && (b.min === undefined || value >= b.min)
      ok &&= pass
      const limit = [b.max !== undefined ? `<= ${b.max} ${b.unit}` : '', b.min !== undefined ? `>= ${b.min} ${b.unit}` : ''].filter(Boolean).join(', ')
      line = `${pass ? 'pass' : 'FAIL'}  ${b.name}: ${value} ${b.unit} (budget ${limit})${detail ? `; ${detail}` : ''}`
    } catch (error) {
      ok = false
      line = `FAIL  ${b.name}: not measured (${error instanceof Error ? error.message : String(error)})`
    }
    print(line)
  }
  print(ok ? 'all budgets met' : 'a budget was missed')
  return ok
}
