import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import lingui from 'eslint-plugin-lingui'
import { existsSync, readdirSync } from 'node:fs'

// One-way imports (GUIDE.md rule 1): shared → web lib/components → features → routes; shared → server.
const zones = [
  { target: './src/shared', from: ['./src/web', './src/server'], message: 'src/shared runs on both sides: no web or server imports.' },
  { target: './src/web', from: './src/server', message: 'The web app never imports server code.' },
  { target: './src/server', from: './src/web', message: 'The server never imports web code.' },
  { target: './src/web/lib', from: ['./src/web/features', './src/web/routes'], message: 'lib is below features and routes.' },
  { target: './src/web/components', from: ['./src/web/features', './src/web/routes'], message: 'components are below features and routes.' },
  { target: './src/web/features', from: './src/web/routes', message: 'Features never import routes.' },
]
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
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones }],
    },
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
