import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { firstPaint } from './scripts/build/first-paint'
import { screenGroups, staticClosure, type ModuleGraph } from './scripts/build/screen-common'

const THEME_COLOUR = '#0f766e'

/**
 * Writes a Brotli and a gzip copy beside every compressible file of the build, once, at the highest
 * levels; the server answers them to browsers that accept them (src/server/web-app.ts, ADR 0100), so a
 * tablet on a slow link downloads about a quarter of the bytes without the server compressing anything.
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'miscue-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const path = join(dir, name)
            return statSync(path).isDirectory() ? walk(path) : [path]
          })
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(file)) continue
          const body = readFileSync(file)
          if (body.length < 1024) continue
          writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }))
        }
      },
    },
  }
}

/** The two pages and their scripts (index.html → main.tsx, sign-in.html → sign-in-main.tsx). */
const PAGE_SCRIPT = /(\.html|[\\/]src[\\/]web[\\/](main|sign-in-main)\.tsx)$/
/** The sign-in page, whose module also imports what Vite adds to every page (the modulepreload polyfill). */
const SIGN_IN_PAGE = fileURLToPath(new URL('./sign-in.html', import.meta.url))
const APP_PAGE = fileURLToPath(new URL('./index.html', import.meta.url))
/** The signed-in shell's route, whose code comes with the app's start (ADR 0109). */
const SHELL_ROUTE = /[\\/]src[\\/]web[\\/]routes[\\/]_app\.tsx\?tsr-split=/
let signInModules: Set<string> | null = null

/** Whether the sign-in page's entry imports a module, directly or through others (static imports only). */
function reachesSignIn(id: string, ctx: ModuleGraph): boolean {
  signInModules ??= staticClosure([SIGN_IN_PAGE], ctx)
  return signInModules.has(id)
}

/** Heavy code that some screens use: each has a chunk of its own, whatever shares it (ADR 0100). */
const APART = [
  { name: 'common-passwords', test: /common-passwords-data/, priority: 30 },
  { name: 'forms', test: /node_modules[\\/]@tanstack[\\/](react-form|form-core|devtools-event-client|pacer-lite)[\\/]/, priority: 20 },
  { name: 'headless-ui', test: /node_modules[\\/](@headlessui|@floating-ui|@react-aria|react-aria|react-stately|tabbable)[\\/]/, priority: 20 },
  { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/, priority: 20 },
]
let sharedGroups: Map<string, string> | null = null

/** The pie chart, which every class report shows: with what it imports that the app's start does not. */
const PIE_CHART = fileURLToPath(new URL('./src/web/components/charts/pie-chart.tsx', import.meta.url))
let pieChartModules: Set<string> | null = null

/**
 * The pie chart's chunk: its code and the chart libraries' modules it imports (visx, d3), which the other
 * charts share, in one file rather than three for the report's first visit (ADR 0108). The other charts
 * import what they share with it from it: a few KiB they would load with a chunk of their own anyway.
 */
function pieChartGroupOf(id: string, ctx: ModuleGraph): string | null {
  if (!pieChartModules) {
    const start = staticClosure([APP_PAGE, SIGN_IN_PAGE], ctx)
    pieChartModules = new Set([...staticClosure([PIE_CHART], ctx)].filter((module) => !start.has(module)))
  }
  return pieChartModules.has(id) ? 'pie-chart' : null
}

/** The chunk a module goes to with the modules of the app's start or of the screens that share it, if any (scripts/build/screen-common.ts). */
function sharedGroupOf(id: string, ctx: ModuleGraph): string | null {
  sharedGroups ??= screenGroups([APP_PAGE, SIGN_IN_PAGE], ctx, (module) => APART.some((group) => group.test.test(module)), (module) => SHELL_ROUTE.test(module))
  return sharedGroups.get(id) ?? null
}

export default defineConfig({

  plugins: [
    // The router plugin must run before react() so the generated route tree is compiled with it.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: each screen's queries (and what they import, such as the report cache's
      // IndexedDB code) load with the screen instead of with the app's entry (ADR 0100), in one chunk with
      // its component, since a route needs both whenever it opens (ADR 0109).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
      },
      routesDirectory: 'src/web/routes',
      generatedRouteTree: 'src/web/routeTree.gen.ts',
      routeFileIgnorePattern: '\\.test\\.',
    }),
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'images/*.svg'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // The Arabic font is our own subset (src/web/fonts); no other font subset is precached.
        globIgnores: ['**/*cyrillic*', '**/*greek*', '**/*vietnamese*'],
      },
      manifest: {
        name: 'Miscue — Reading Assessment',
        short_name: 'Miscue',
        description: 'Reading-accuracy (miscue) assessment administration for schools',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    firstPaint(),
    precompress(),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: which files each route loads, read by the size-budget check (bench/budgets.json).
    manifest: true,
    rolldownOptions: {
      // The app, and the sign-in page a first visit loads without the rest of the app (ADR 0106).
      input: { index: 'index.html', 'sign-in': 'sign-in.html' },
      output: {
        // Heavy code that only some screens use gets chunks of its own, so a screen that does not use it
        // (the sign-in page above all) never downloads it through a chunk shared with one that does
        // (ADR 0100). bench/budgets.json holds each route to its size.
        codeSplitting: {
          // A group holds its own modules only (not React and the like that they import).
          includeDependenciesRecursively: false,
          groups: [
            ...APART,
            { name: pieChartGroupOf, priority: 25 },
            // Everything an entry loads in one chunk, not a dozen small ones: on a slow link each file is a
            // round trip before the first paint. What the sign-in page of its own (sign-in.html, ADR 0106)
            // loads is a chunk apart, which the app loads too; the rest of the app's start never reaches it.
            // The entry modules stay in their own chunks, so each page runs only its own. The app's start
            // also takes the signed-in shell and the modules most screens share; a feature's shared modules
            // go to its own chunk (ADR 0109).
            { name: (id, ctx) => (ctx.getModuleInfo(id)?.isEntry || PAGE_SCRIPT.test(id) || !reachesSignIn(id, ctx) ? null : 'sign-in-start'), tags: ['$initial'], priority: 15 },
            { name: (id, ctx) => (ctx.getModuleInfo(id)?.isEntry || PAGE_SCRIPT.test(id) ? null : sharedGroupOf(id, ctx)), priority: 10 },
          ],
        },
      },
    },
  },
})
