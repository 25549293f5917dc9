import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import lingui from 'eslint-plugin-lingui'
import { existsSync, readdirSync } from 'node:fs'

// One-way imports, so a layer can change without reading what sits on it: shared → web lib/components →
// features → routes; shared → server.
const zones = [
  { target: './src/shared', from: ['./src/web', './src/server'], message: 'src/shared runs on both sides: no web or server imports.' },
  { target: './src/web', from: './src/server', message: 'The web app never imports server code.' },
  { target: './src/server', from: './src/web', message: 'The server never imports web code.' },
  { target: './src/web/lib', from: ['./src/web/features', './src/web/routes'], message: 'lib is below features and routes.' },
  { target: './src/web/components', from: ['./src/web/features', './src/web/routes'], message: 'components are below features and routes.' },
  { target: './src/web/features', from: './src/web/routes', message: 'Features never import routes.' },
  { target: './src/web/workers', from: ['./src/web/features', './src/web/routes', './src/web/components'], message: 'Workers sit beside lib: they import shared code only.' },
]
// Server: a domain layer that never sees the request, so a rule is written once for every route and job:
// domain → db, lib; middleware and jobs may use the domain; areas/<area> on top. The domain and middleware
// never import areas; db and lib never import what sits on them.
zones.push(
  { target: './src/server/domain', from: ['./src/server/areas', './src/server/middleware', './src/server/jobs', './src/server/app.ts', './src/server/index.ts', './src/server/importers.ts', './src/server/job-registry.ts'], message: 'The domain never sees the request: no areas, middleware or jobs imports.' },
  { target: './src/server/middleware', from: ['./src/server/areas', './src/server/jobs'], message: 'Middleware never imports an area or a job; move the shared rule to src/server/domain.' },
  { target: './src/server/db', from: ['./src/server/areas', './src/server/middleware', './src/server/jobs', './src/server/domain'], message: 'db is the bottom layer.' },
  { target: './src/server/lib', from: ['./src/server/areas', './src/server/middleware', './src/server/jobs'], message: 'lib is below middleware, jobs and areas.' },
  { target: './src/server/jobs', from: './src/server/areas', message: 'A job of one area lives in that area (areas/<area>/*.job.ts); jobs/ holds the queue and jobs of no area.' },
)
// Areas never import each other's modules: shared rules live in src/server/domain. The one exception is
// school-catalog, a factory (service + routes) that the grades and sections areas are built from, not an area
// with rules of its own.
const AREA_FACTORIES = ['school-catalog']
const areas = existsSync('./src/server/areas') ? readdirSync('./src/server/areas') : []
for (const name of areas) {
  const except = [...new Set([name, ...AREA_FACTORIES])].map((a) => `./${a}`)
  zones.push({ target: `./src/server/areas/${name}`, from: './src/server/areas', except, message: 'Areas never import each other; move the shared rule to src/server/domain.' })
}
// Features never import each other: each feature folder may import only itself.
const features = existsSync('./src/web/features') ? readdirSync('./src/web/features') : []
for (const name of features) {
  zones.push({ target: `./src/web/features/${name}`, from: './src/web/features', except: [`./${name}`], message: 'Features never import each other; move shared pieces to components or lib.' })
}

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'test-results', 'playwright-report', 'src/web/routeTree.gen.ts', 'src/web/locales/**/*.ts', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // Resolve extension-less TypeScript imports; without it no-restricted-paths cannot see where an import goes.
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['src/server/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['hono', 'hono/*'], message: 'The domain never sees the request.' }] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}', 'src/web/vitest.setup.ts'],
    plugins: { 'react-hooks': reactHooks, lingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'lingui/no-unlocalized-strings': 'off',
      'lingui/t-call-in-function': 'error',
      'lingui/no-single-variables-to-translate': 'error',
      'lingui/no-expression-in-message': 'error',
      'lingui/no-trans-inside-trans': 'error',
    },
  },
)
