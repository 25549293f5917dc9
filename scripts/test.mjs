// `npm test`: typecheck, lint, unit and API tests (vitest), then browser tests (Playwright + Chromium).
// Ends with one summary line "N passed, N failed" counting every test that ran.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './ensure-chromium.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
const results = join(root, 'test-results')
mkdirSync(results, { recursive: true })
// Counts come from this run's reports only.
for (const report of ['vitest.json', 'playwright.json']) rmSync(join(results, report), { force: true })

const only = process.argv.slice(2)
const steps = [
  // First: the compiled catalogs are generated files the typecheck and the unit tests import.
  // --strict fails when any Arabic translation is missing.
  ['i18n', bin('lingui'), ['compile', '--typescript', '--strict']],
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['typecheck sw', bin('tsc'), ['-p', 'sw/tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.']],
  ['unit + api', bin('vitest'), ['run', '--project', 'unit', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile=${join(results, 'vitest.json')}`]],
  ['build', bin('vite'), ['build']],
  // Each route's first-visit size (gzip JS + CSS) against bench/budgets.json: fails naming the route and its size.
  ['budgets', process.execPath, [join(root, 'scripts', 'route-budgets.mjs')]],
  ['browser', bin('playwright'), ['test']],
]

let failedStep = null
const timings = []
for (const [name, cmd, args] of steps) {
  if (only.length && !only.some((o) => name.startsWith(o))) continue
  if (name === 'browser') ensureChromium()
  const started = Date.now()
  console.log(`\n=== ${name} ===`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } })
  timings.push(`${name} ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (r.status !== 0) {
    failedStep = name
    // Keep going through the test steps so one failure does not hide others; stop on build/type errors.
    if (!['unit + api', 'lint'].includes(name)) break
  }
}

let passed = 0
let failed = 0
const vitestJson = join(results, 'vitest.json')
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += v.numPassedTests ?? 0
  failed += v.numFailedTests ?? 0
}
const pwJson = join(results, 'playwright.json')
if (existsSync(pwJson)) {
  const p = JSON.parse(readFileSync(pwJson, 'utf8'))
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0)
  failed += p.stats?.unexpected ?? 0
}
console.log(`\nTimings: ${timings.join(', ')}`)
if (failedStep) console.log(`Failed step: ${failedStep}`)
if (failedStep && failed === 0) failed = 1 // a failed typecheck, lint or build counts as a failure
console.log(`${passed} passed, ${failed} failed`)
process.exit(failedStep ? 1 : 0)
