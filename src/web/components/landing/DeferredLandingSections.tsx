import { Suspense, use } from 'react'
import { loadParts } from '../../i18n/index.ts'
import { onIntent } from '../../intent.ts'
import { lazyPart } from '../../lazy-part.ts'

/**
 * The landing sections (tabs, plans, calculator, forms, FAQ), below the fold of `/` and the pension
 * product page, with their texts (the `sections` catalog part): not part of the page's first load
 * (issue 23 goal 2). A prerendered page being hydrated keeps their server markup as it is (a
 * Suspense boundary React leaves dehydrated) until the visitor's first sign of intent
 * (src/web/intent.ts), then loads their code and texts and hydrates them in place: nothing moves.
 * A page rendered in the browser (another language, a navigation) loads them at once.
 */
export const LANDING_SECTIONS = lazyPart(() => Promise.all([import('./LandingSections.tsx'), loadParts(['sections'], { quiet: true })]).then(([m]) => m))

let wanted: Promise<unknown> | undefined

/** Whether the entry is hydrating prerendered markup (src/web/main.tsx marks the root). */
const hydrating = () => typeof document !== 'undefined' && document.getElementById('root')?.dataset.hydrating === 'true'

function whenWanted() {
  return (wanted ??= new Promise<void>((go) => { if (hydrating()) onIntent(go); else go() }).then(() => LANDING_SECTIONS.load()))
}

function Sections() {
  const loaded = LANDING_SECTIONS.loaded()
  // the prerender awaits the part first (src/web/entry-server.tsx): the server always has it
  if (!loaded) use(whenWanted())
  const { LandingSections } = LANDING_SECTIONS.loaded()!
  return <LandingSections />
}

export function DeferredLandingSections() {
  return <Suspense fallback={null}><Sections /></Suspense>
}
