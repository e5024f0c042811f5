/**
 * The dependency rule of ARCHITECTURE.md, checked on every CI run:
 * domain <- machines <- web; domain <- server; lib (isomorphic helpers) <- web, server.
 *
 * The inner layers are allow-lists (what they may import), not deny-lists: a new package or a
 * Node built-in imported into src/domain or machines/ fails the lint without anyone having
 * thought to forbid it. tests/scripts/lint-rules.test.ts proves each rule bites.
 */

/**
 * Views that still call the API client themselves (issue 26 item 5 moves these calls into flows).
 * TEMPORARY: remove a file from this list once it stops importing the client; the lint test fails
 * while a listed file no longer needs its exception, so the list only shrinks.
 */
const VIEWS_STILL_CALLING_THE_API = [
  // none left: issue 26 item 5 moved the last calls into flows (branch charts-flows)
]

/**
 * Route files that still query the database themselves (issue 26 item 3 moves their queries into
 * services/). TEMPORARY, like the list above: the lint test fails while a listed file no longer
 * imports the schema or drizzle, so the list only shrinks.
 */
const ROUTES_STILL_QUERYING = [
  // none left: every route file calls services (issue 26 item 3: routes26e and scale25e)
]

const exactly = (files) => files.map((f) => '^' + f.replace(/[.]/g, '\\.') + '$')

module.exports = {
  forbidden: [
    { name: 'domain-is-pure', severity: 'error', comment: 'src/domain imports only zod, credit-card-type and other domain modules',
      from: { path: '^src/domain' }, to: { pathNot: ['^src/domain/', '^node_modules/(zod|credit-card-type)/'] } },
    { name: 'lib-is-isomorphic', severity: 'error',
      from: { path: '^src/lib' }, to: { path: ['^src/(web|server)', '^machines'] } },
    { name: 'machines-allow-list', severity: 'error', comment: 'machines import only xstate, src/domain and other machines (no React, Lingui, router, fetch, Node built-ins, database drivers or the web layer)',
      from: { path: '^machines/' }, to: { pathNot: ['^machines/', '^src/domain/', '^node_modules/xstate/'] } },
    { name: 'server-not-web', severity: 'error', comment: 'the server never imports machines or the web layer',
      from: { path: '^src/server' }, to: { path: ['^src/web', '^machines'] } },
    { name: 'web-not-server', severity: 'error',
      from: { path: '^src/web' }, to: { path: '^src/server' } },
    { name: 'views-not-api', severity: 'error', comment: 'views render what flows provide; only flows call the API client (temporary exceptions: VIEWS_STILL_CALLING_THE_API)',
      from: { path: '^src/web/views/', ...(VIEWS_STILL_CALLING_THE_API.length ? { pathNot: exactly(VIEWS_STILL_CALLING_THE_API) } : {}) }, to: { path: '^src/web/api/client\\.ts$' } },
    { name: 'components-are-presentational', severity: 'error', comment: 'components never import flows, machines or the API (client and error catalogue): props in, callbacks out',
      from: { path: '^src/web/components/' }, to: { path: ['^machines/', '^src/web/api/', '^src/web/flows/'] } },
    { name: 'route-tree-is-light', severity: 'error', comment: 'a route file imports no flow or statechart directly: its beforeLoad and validateSearch load with the route tree on every page (issue 23), its component is split off by the router plugin; the session guards are the one flow module, and import xstate only lazily',
      from: { path: '^src/web/routes/' }, to: { path: ['^machines/', '^src/web/flows/'], pathNot: ['^src/web/flows/guards\\.ts$'] } },
    { name: 'routes-call-services', severity: 'error', comment: 'a route file parses the request, checks permission, calls a service and shapes the answer: the schema, drizzle and the database drivers (even as types) are for services/ (temporary exceptions: ROUTES_STILL_QUERYING)',
      from: { path: '^src/server/routes/', ...(ROUTES_STILL_QUERYING.length ? { pathNot: exactly(ROUTES_STILL_QUERYING) } : {}) },
      to: { path: ['^src/server/db/schema\\.ts$', '^node_modules/(drizzle-orm|pg|@electric-sql/pglite)/'] } },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    { name: 'not-to-dev-dep', severity: 'error', comment: 'production code does not import devDependencies (the inspector is a lazy, opt-in exception)',
      from: { path: '^src/(server|domain|lib)' }, to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'], dynamic: false } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['routeTree\\.gen\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'] },
  },
}
