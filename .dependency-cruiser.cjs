/**
 * The dependency rule of ARCHITECTURE.md, checked on every CI run:
 * domain <- machines <- web; domain <- server; lib (isomorphic helpers) <- web, server.
 */
module.exports = {
  forbidden: [
    { name: 'domain-is-pure', severity: 'error', comment: 'src/domain imports only zod, data and other domain modules',
      from: { path: '^src/domain' }, to: { pathNot: ['^src/domain', '^node_modules/(zod|credit-card-type)/'] } },
    { name: 'lib-is-isomorphic', severity: 'error',
      from: { path: '^src/lib' }, to: { path: ['^src/(web|server)', '^machines'] } },
    { name: 'machines-no-io-no-ui', severity: 'error', comment: 'machines never import React, Lingui, the router, toasts, fetch or the web layer',
      from: { path: '^machines' },
      to: { path: ['^src/(web|server|lib)', '^node_modules/(react|react-dom|@lingui|@tanstack|react-hot-toast|ofetch|@xstate/react)/'] } },
    { name: 'server-not-web', severity: 'error', comment: 'the server never imports machines or the web layer',
      from: { path: '^src/server' }, to: { path: ['^src/web', '^machines'] } },
    { name: 'web-not-server', severity: 'error',
      from: { path: '^src/web' }, to: { path: '^src/server' } },
    { name: 'components-are-presentational', severity: 'error', comment: 'components never import machines or the API client',
      from: { path: '^src/web/components' }, to: { path: ['^machines', '^src/web/api/client', '^src/web/flows'] } },
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
