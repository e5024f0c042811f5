/**
 * `npm run test:mutants -- --views <machine> [--kind text,event,payload] [--sample N] [--seed S] [--file path] [--match text] [--list]`:
 * mutants of the views of one machine (issue 22 item 8), each killed or not by that machine's
 * browser replay (tests/e2e/model-paths.e2e.test.ts with E2E_MACHINES=<machine>).
 *
 * Kinds, made from the machine's view files (VIEWS below):
 * - text: a text the page shows (a `<Trans>` message or a t`` one) changed: a letter put in after its
 *   first one ("Onaylar" -> "OZnaylar");
 * - event: an event a view sends (a string literal inside a `send(...)` call that is one of the
 *   machine's event types) renamed (`back` -> `back.mutant`): the machine never gets it;
 * - payload: a property of an event a view sends left out (`{ type: 'preInformation.confirm', accepted }`
 *   -> `{ type: 'preInformation.confirm' }`).
 * For each mutant: the file is changed in place, `npm run build`, the replay of the machine (stopping
 * at its first failing path), the file put back. A mutant is killed when the replay fails; a build
 * that fails is counted apart (stillborn). A survivor is reported with why: whether any screen
 * expectation, catalogue text or driver of the machine names the text at all.
 *
 * Each mutant takes a build (about 1-2 minutes) and a replay (minutes for a purchase machine), so a
 * sample (`--sample`, drawn by a printed seed) is the usual run; `--list` prints the mutants only.
 * It uses this checkout's dist/: run no other e2e test of the checkout meanwhile. The original file
 * is kept beside it as <file>.mutant-orig until it is put back (also on Ctrl-C); if a run is killed
 * hard, `git checkout -- <file>` restores it. Reports: reports/mutants-views-<machine>.txt and .json.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { MACHINES } from '../tests/machines/registry.ts'

/** The view files of each machine: where its screens' texts are and where its events are sent from. */
export const VIEWS: Record<string, string[]> = {
  'tss-purchase': ['src/web/views/sales/TssPurchaseView.tsx', 'src/web/views/sales/PurchaseView.tsx', 'src/web/components/sales/PurchaseSteps.tsx'],
  'travel-purchase': ['src/web/views/sales/TravelPurchaseView.tsx', 'src/web/views/sales/PurchaseView.tsx', 'src/web/components/sales/PurchaseSteps.tsx'],
  'bes-purchase': ['src/web/views/sales/bes/BesPurchaseView.tsx', 'src/web/views/sales/bes/BesSteps.tsx', 'src/web/views/sales/bes/PersonForm.tsx', 'src/web/views/sales/bes/FundAllocation.tsx'],
  'sms-verification': ['src/web/views/sales/SmsVerificationView.tsx', 'src/web/components/sales/SmsVerificationForm.tsx'],
  'tss-quick-quote': ['src/web/views/sales/TssQuickQuoteView.tsx', 'src/web/components/sales/TssQuickQuoteForm.tsx'],
  'travel-quick-quote': ['src/web/views/sales/TravelQuickQuoteView.tsx', 'src/web/components/sales/TravelQuickQuoteForm.tsx'],
  'payment': ['src/web/views/payment/PaymentTestForm.tsx'],
  'my-consents': ['src/web/views/sales/MyConsentsView.tsx'],
  'password-change': ['src/web/views/auth/PasswordExpiredView.tsx'],
  'session': ['src/web/views/auth/LockView.tsx'],
  'resource-list': ['src/web/views/admin/ResourceListView.tsx'],
  'resource-editor': ['src/web/views/admin/EditorForm.tsx'],
  'org-builder': ['src/web/views/admin/team/OrgChart.tsx', 'src/web/views/admin/team/GroupDeleteDialog.tsx'],
  'upload': ['src/web/views/admin/users/PhotoCropper.tsx'],
}

/**
 * The machines whose view mutants the CI stage draws from (scripts/mutants-ci.ts): those whose
 * replay takes seconds, not minutes, and whose survivors have been reviewed (ALLOWED below).
 */
export const CI_MACHINES = ['password-change', 'resource-list']

/**
 * Reviewed survivors: mutants no replay of the machine can kill, each with why, keyed by file and
 * what the mutant does (no line number: an edit above it keeps the entry). A survivor not listed
 * here fails `--ci`, and a full run lists the listed ones apart.
 */
export const ALLOWED: Record<string, string> = {
  // the machine reads a change's value only for the new password (its checklist); the old password and the repeat
  // are read from the form on submit, whose body the replay checks; a change of them only clears that field's error
  "src/web/views/auth/PasswordExpiredView.tsx send 'field.change' {field: 'oldPassword'} without value: e.currentTarget.value": 'the machine reads the value of a change only for newPassword (the checklist); the old password is taken from the form on submit',
  "src/web/views/auth/PasswordExpiredView.tsx send 'field.change' {field: 'confirmPassword'} without value: e.currentTarget.value": 'the machine reads the value of a change only for newPassword (the checklist); the repeat is taken from the form on submit',
}

export type ViewMutant = { id: string; kind: 'text' | 'event' | 'payload'; file: string; at: number; what: string; original: string; mutated: string; named?: string }

/** A mutant's key in ALLOWED: its file and what it does, without the line. */
export const allowKey = (m: ViewMutant) => `${m.file} ${m.what}`

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length

/** The argument text of each `send(` call (balanced parentheses), with where it starts. */
function sendCalls(source: string): Array<{ start: number; text: string }> {
  const out: Array<{ start: number; text: string }> = []
  const re = /\bsend\(/g
  for (let m = re.exec(source); m; m = re.exec(source)) {
    let depth = 1
    let i = m.index + m[0].length
    const start = i
    for (; i < source.length && depth > 0; i++) {
      if (source[i] === '(') depth++
      else if (source[i] === ')') depth--
    }
    out.push({ start, text: source.slice(start, i - 1) })
  }
  return out
}

/** The top-level properties of an object literal `{ ... }` beginning at `open` (index of `{`): [start, end) of each. */
function properties(text: string, open: number): Array<[number, number]> {
  const out: Array<[number, number]> = []
  let depth = 0
  let from = open + 1
  for (let i = open; i < text.length; i++) {
    const c = text[i]
    if (c === '{' || c === '(' || c === '[') depth++
    else if (c === '}' || c === ')' || c === ']') {
      depth--
      if (depth === 0) { if (text.slice(from, i).trim()) out.push([from, i]); break }
    } else if (c === ',' && depth === 1) { out.push([from, i]); from = i + 1 }
  }
  return out
}

/** Every mutant of the machine's view files. */
export function viewMutants(machine: string, events: Set<string>): ViewMutant[] {
  const out: ViewMutant[] = []
  for (const file of VIEWS[machine] ?? []) {
    const source = readFileSync(file, 'utf8')
    const add = (kind: ViewMutant['kind'], index: number, original: string, mutated: string, what: string) =>
      out.push({ id: `${machine} | ${kind} | ${file}:${lineOf(source, index)} ${what}`, kind, file, at: index, what, original, mutated })
    // texts: <Trans ...>message</Trans> and t`message`
    for (const m of source.matchAll(/<Trans(?:\s[^>]*)?>([^<]+)<\/Trans>|\bt`([^`]+)`/g)) {
      const message = m[1] ?? m[2]!
      const letter = /[A-Za-zÇĞİÖŞÜçğıöşü]/.exec(message.replace(/\{[^}]*\}/g, (s) => ' '.repeat(s.length)))
      if (!letter) continue
      const mutatedMessage = message.slice(0, letter.index + 1) + 'Z' + message.slice(letter.index + 1)
      const whole = m[0]
      add('text', m.index!, whole, whole.replace(message, mutatedMessage), `"${message.trim()}" -> "${mutatedMessage.trim()}"`)
    }
    // events sent, and their payloads
    for (const call of sendCalls(source)) {
      for (const lit of call.text.matchAll(/'([a-zA-Z][\w.]*)'/g)) {
        if (!events.has(lit[1]!)) continue
        // the call's text tells apart two sends of one event (page.go from "Önceki" and from "Sonraki")
        const whole = call.text.replace(/\s+/g, ' ').trim()
        add('event', call.start + lit.index!, lit[0], `'${lit[1]}.mutant'`, `send '${lit[1]}' renamed${whole === lit[0] ? '' : ` in send(${whole.length > 90 ? `${whole.slice(0, 87)}...` : whole})`}`)
      }
      for (const obj of call.text.matchAll(/\{\s*type:/g)) {
        const props = properties(call.text, obj.index!)
        for (const [a, b] of props) {
          const prop = call.text.slice(a, b)
          if (/^\s*type\s*:/.test(prop)) continue
          const name = /^\s*(\.\.\.)?([\w$]+)/.exec(prop)?.[0]?.trim() ?? prop.trim()
          const type = /type:\s*([^,}]+)/.exec(call.text.slice(obj.index!))?.[1]?.trim() ?? '?'
          // the property and its comma
          const end = call.text[b] === ',' ? b + 1 : b
          // the event's other literal properties tell apart two sends of one type (field: 'oldPassword' / 'newPassword')
          const literals = props.map(([x, y]) => call.text.slice(x, y).trim()).filter((q) => !/^type\s*:/.test(q) && q !== prop.trim() && /^[\w$]+\s*:\s*'[^']*'$/.test(q))
          add('payload', call.start + a, call.text.slice(a, end), '', `send ${type}${literals.length ? ` {${literals.join(', ')}}` : ''} without ${prop.replace(/\s+/g, ' ').trim() || name}`)
        }
      }
    }
  }
  return out
}

/** Where the machine's tests name a text (a screen expectation, the catalogue, a driver), for a survivor's reason. */
function namedBy(message: string, machine: string): string | undefined {
  const text = message.replace(/\{[^}]*\}/g, '').trim()
  if (text.length < 3) return undefined
  const files = ['tests/machines/expectations', 'tests/e2e/drivers']
  const r = spawnSync('grep', ['-rlF', text.slice(0, 40), ...files], { encoding: 'utf8' })
  const hits = r.stdout.split('\n').filter(Boolean)
  return hits.length ? hits.join(', ') : undefined
  void machine
}

function random(seed: number) {
  let s = seed >>> 0
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32)
}

function mutate(m: ViewMutant) {
  const source = readFileSync(m.file, 'utf8')
  if (source.slice(m.at, m.at + m.original.length) !== m.original) throw new Error(`${m.id}: the file changed since the mutants were made`)
  renameSync(m.file, `${m.file}.mutant-orig`)
  writeFileSync(m.file, source.slice(0, m.at) + m.mutated + source.slice(m.at + m.original.length))
}

function restore(file: string) {
  if (existsSync(`${file}.mutant-orig`)) renameSync(`${file}.mutant-orig`, file)
}

const run = (cmd: string, args: string[], env: Record<string, string> = {}, timeoutMs = 1_800_000) =>
  spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })

/**
 * The build of a mutant: vite and the prerender (npm run build's `lingui compile` makes the same
 * catalogs for every mutant: the checkout's compiled ones are used).
 */
function build(): boolean {
  if (!existsSync('src/locales/tr/messages.ts')) return run('npm', ['run', 'build']).status === 0
  return run('npx', ['vite', 'build']).status === 0 && run(process.execPath, ['scripts/prerender.ts']).status === 0
}

function replay(machine: string): { passed: boolean; failure: string } {
  // E2E_LANE=paths: the replay's own persistent Chromium, no idle shared browser and server (tests/e2e/global-setup.ts)
  const r = run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.e2e.config.ts', 'tests/e2e/model-paths.e2e.test.ts', '--bail=1'], { E2E_LANE: 'paths', E2E_MACHINES: machine, E2E_COVERAGE_OFF: '1' })
  const out = `${r.stdout}\n${r.stderr}`
  const failure = /(?:Error|AssertionError): ([^\n]+)/.exec(out)?.[1] ?? (r.signal ? `killed by ${r.signal} (time out)` : '')
  return { passed: r.status === 0, failure }
}

export function main(argv: string[]) {
  const option = (name: string) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : undefined }
  const ci = argv.includes('--ci')
  const seed = option('seed') ? Number(option('seed')) : Math.floor(Math.random() * 2 ** 31)
  const named = option('views') ?? argv.find((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1]!.startsWith('--')))
  // --ci: one machine of CI_MACHINES drawn by the seed (or the one named)
  const machine = ci && !named ? CI_MACHINES[Math.floor(random(seed ^ 0x2f6b)() * CI_MACHINES.length)] : named
  if (!machine || !VIEWS[machine]) {
    console.error(`usage: npm run test:mutants -- --views <machine> [--kind text,event,payload] [--sample N] [--seed S] [--file path] [--match text] [--list] [--ci]\nmachines: ${Object.keys(VIEWS).join(', ')}`)
    return 2
  }
  const entry = MACHINES.find((m) => m.model.name === machine)
  if (!entry) { console.error(`${machine}: not in tests/machines/registry.ts`); return 2 }
  const events = new Set<string>((entry.model.machine as unknown as { root: { events: string[] } }).root.events)
  let mutants = viewMutants(machine, events)
  const kinds = option('kind')?.split(',')
  if (kinds) mutants = mutants.filter((m) => kinds.includes(m.kind))
  const file = option('file')
  if (file) mutants = mutants.filter((m) => m.file === file)
  // --match: the mutants whose description contains one of these texts (`|` between them: survivors to run again)
  const match = option('match')?.split('|')
  if (match) mutants = mutants.filter((m) => match.some((text) => m.id.includes(text)))
  // in CI the reviewed survivors are not drawn again (they would only spend the stage's time)
  if (ci) mutants = mutants.filter((m) => !(allowKey(m) in ALLOWED))
  const sample = option('sample') ? Number(option('sample')) : ci ? 1 : undefined
  if (sample !== undefined) {
    const next = random(seed)
    mutants = mutants.map((m) => [next(), m] as const).sort((a, b) => a[0] - b[0]).slice(0, sample).map(([, m]) => m)
  }
  console.log(`view mutants of ${machine}: ${mutants.length}${sample !== undefined ? ` (a sample, seed ${seed}; repeat with --seed ${seed})` : ''}`)
  if (argv.includes('--list')) {
    for (const m of mutants) console.log(`  ${m.id}${allowKey(m) in ALLOWED ? `  (reviewed survivor: ${ALLOWED[allowKey(m)]})` : ''}`)
    return 0
  }
  const files = [...new Set(mutants.map((m) => m.file))]
  const distBack = () => { if (existsSync('dist.mutant-orig')) { rmSync('dist', { recursive: true, force: true }); renameSync('dist.mutant-orig', 'dist') } }
  const putBack = () => { for (const f of files) restore(f); distBack() }
  process.on('SIGINT', () => { putBack(); process.exit(130) })
  process.on('SIGTERM', () => { putBack(); process.exit(143) })
  const started = Date.now()
  // the unmutated replay must pass, else every mutant would look killed; in CI the stage runs after
  // the replay lane has passed on this very build (scripts/test.ts), so it is not run again
  if (!ci) {
    if (!build()) { console.error('the build fails without any mutant'); return 1 }
    const baseline = replay(machine)
    if (!baseline.passed) { console.error(`the replay of ${machine} fails without any mutant: ${baseline.failure}`); return 1 }
    console.log(`baseline: the replay of ${machine} passes (${((Date.now() - started) / 1000).toFixed(0)} s with its build)`)
  } else if (!existsSync('dist/client/index.html')) { console.error('--ci: no dist/ (the build stage makes it)'); return 1 }
  // the unmutated build is kept aside and put back at the end (no build to restore it)
  rmSync('dist.mutant-orig', { recursive: true, force: true })
  renameSync('dist', 'dist.mutant-orig')
  type Verdict = ViewMutant & { verdict: 'killed' | 'survived' | 'stillborn'; by?: string; reason?: string; seconds: number }
  const verdicts: Verdict[] = []
  for (const m of mutants) {
    const t = Date.now()
    let v: Verdict
    try {
      mutate(m)
      if (!build()) v = { ...m, verdict: 'stillborn', reason: 'the build fails', seconds: 0 }
      else {
        const r = replay(machine)
        if (!r.passed) v = { ...m, verdict: 'killed', by: r.failure, seconds: 0 }
        else {
          const named = m.kind === 'text' ? namedBy(/"(.*)" ->/.exec(m.what)?.[1] ?? '', machine) : undefined
          const reason = m.kind === 'text'
            ? (named ? `named in ${named}, yet no replayed screen checks it where this view shows it` : 'no screen expectation, catalogue text or driver names this text')
            : m.kind === 'event'
              ? 'no replayed path needs this control to send this event (or the machine is driven another way there)'
              : 'no rule, input oracle or screen tells the event with this property from the event without it'
          v = { ...m, verdict: 'survived', reason: ALLOWED[allowKey(m)] ? `reviewed: ${ALLOWED[allowKey(m)]}` : reason, seconds: 0 }
        }
      }
    } finally {
      restore(m.file)
    }
    v.seconds = (Date.now() - t) / 1000
    verdicts.push(v)
    console.log(`${v.verdict.toUpperCase().padEnd(9)} ${m.id}  (${v.seconds.toFixed(0)} s)${v.by ? `\n          by: ${v.by}` : ''}${v.reason ? `\n          why: ${v.reason}` : ''}`)
  }
  // the checkout's dist/ back to the unmutated views
  distBack()
  const count = (k: Verdict['verdict']) => verdicts.filter((v) => v.verdict === k).length
  const lines = [
    `view mutants of ${machine}${sample !== undefined ? ` (sample of ${mutants.length}, seed ${seed})` : ''}: killed ${count('killed')}/${verdicts.length - count('stillborn')}, survived ${count('survived')}, stillborn ${count('stillborn')}`,
    ...(['text', 'event', 'payload'] as const).map((k) => {
      const of = verdicts.filter((v) => v.kind === k && v.verdict !== 'stillborn')
      return `  ${k.padEnd(8)} ${of.filter((v) => v.verdict === 'killed').length}/${of.length}`
    }),
    '',
    ...verdicts.filter((v) => v.verdict === 'survived').map((v) => `SURVIVED ${v.id}\n  why: ${v.reason}`),
    `took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  ]
  mkdirSync('reports', { recursive: true })
  writeFileSync(`reports/mutants-views-${machine}.txt`, lines.join('\n') + '\n')
  writeFileSync(`reports/mutants-views-${machine}.json`, JSON.stringify({ machine, seed, verdicts }, null, 2))
  console.log(`\n${lines.join('\n')}\n(reports/mutants-views-${machine}.txt)`)
  const unreviewed = verdicts.filter((v) => v.verdict === 'survived' && !(allowKey(v) in ALLOWED))
  if (unreviewed.length) console.log(`\n${unreviewed.length} survivor(s) not on the reviewed list (ALLOWED in scripts/mutants-views.ts); seed ${seed}`)
  return unreviewed.length > 0 || (ci && count('stillborn') > 0) ? 1 : 0
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(main(process.argv.slice(2)))
