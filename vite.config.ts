import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { catalogParts } from './scripts/catalog-parts.ts'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/routeTree.gen.ts',
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    lingui({ macroTransform: true }),
    catalogParts(),
  ],
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // the console is silent in production (spec 8): console.* calls are dropped from the browser
    // build; the browser's errors go to POST /log/log.json instead (src/web/log)
    ...(isSsrBuild ? {} : { rolldownOptions: { output: { minify: { compress: { target: 'es2022', dropConsole: true }, mangle: true } } } }),
  },
}))
