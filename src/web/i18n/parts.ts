/**
 * The catalog parts besides the common one (scripts/catalog-parts.ts): the staff area's texts, the
 * landing sections' texts, the purchase flows' texts and the card form's texts, and the paths whose pages show them. No
 * imports: the build's bench (scripts/bench-bundle.ts) reads it too.
 */
export type Part = 'staff' | 'landing' | 'sections' | 'sales' | 'card'

/**
 * The paths whose pages show a part's texts (tests/scripts/catalog-parts.test.ts checks each route
 * against the files it imports): the staff area; the landing sections (`/`, the pension product
 * page); the purchase flows (the market pages, the result pages, the consents page, the document check).
 */
export const PART_PATHS: Record<Part, RegExp> = {
  staff: /^\/(auth|navbar|inbox)(\/|$)/,
  landing: /^\/($|urunler\/birikim\/)/,
  // the landing sections' texts load with their code, on intent (components/landing/DeferredLandingSections.tsx), never by path
  sections: /(?!)/,
  // the card form's texts load with its code, when it is first needed (`withTexts` in i18n/index.ts), never by path
  card: /(?!)/,
  sales: /^\/(urunler\/market\/|result\/|izinlerim(\/|$)|dogrula(\/|$))/,
}

/** The parts a path's page needs besides the site part. */
export function partsOf(pathname: string): Part[] {
  return (Object.keys(PART_PATHS) as Part[]).filter((part) => PART_PATHS[part].test(pathname))
}
