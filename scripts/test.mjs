// `npm test`: typecheck, lint, unit and API tests (vitest), then browser tests (Playwright + Chromium).
// Ends with one summary line "N passed, N failed" counting every test that ran.
// The steps before the browser tests are single-threaded for most of their time, so two run at once (the
// reference machine has 2 cores), each one's output printed whole when it ends. The browser tests start last,
// once the build and the checks have ended, beside the unit tests' last minute (which leaves a core partly
// idle), and spread over their own workers (playwright.config.ts); their output streams.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureChromium } from './ensure-chromium.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
const results = join(root, 'test-results')
mkdirSync(results, { recursive: true })
// Counts come from this run's reports only. The browser report is named by E2E_PORT (playwright.config.ts).
const e2ePort = process.env.E2E_PORT ?? '8765'
const browserReport = e2ePort === '8765' ? 'playwright.json' : `playwright-${e2ePort}.json`
for (const report of ['vitest.json', browserReport]) rmSync(join(results, report), { force: true })

const only = process.argv.slice(2)
const lanes = Math.min(2, availableParallelism())
// A browser worker keeps about two thirds of a core busy (the rest of its time its tests wait on pages, the network
// and timers), so one and a half per core fill the cores: 3 on 2 cores (ADR 0126).
const browserWorkers = Math.max(1, Math.round(availableParallelism() * 1.5))
/**
 * [name, command, args, steps it waits for, environment]. When a lane is free, the first step in this order
 * whose waits have ended starts.
 */
const steps = [
  // First: the compiled catalogs are generated files the typecheck, the unit tests and the build import.
  // --strict fails when any Arabic translation is missing.
  ['i18n', bin('lingui'), ['compile', '--typescript', '--strict'], []],
  // The longest step first: the others share the second lane while it runs.
  ['unit + api', bin('vitest'), ['run', '--project', 'unit', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile=${join(results, 'vitest.json')}`], ['i18n']],
  ['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], ['i18n']],
  ['build', bin('vite'), ['build'], ['i18n']],
  ['typecheck sw', bin('tsc'), ['-p', 'sw/tsconfig.json', '--noEmit'], ['i18n']],
  // Each route's first-visit size (gzip JS + CSS) against bench/budgets.json: fails naming the route and its size.
  ['budgets', process.execPath, [join(root, 'scripts', 'route-budgets.mjs')], ['build']],
  ['lint', bin('eslint'), ['.'], ['i18n']],
  // Workers with a server of their own each (ADR 0126); one spec run by hand gets one.
  ['browser', bin('playwright'), ['test'], ['i18n', 'typecheck', 'build', 'typecheck sw', 'budgets', 'lint'], { E2E_WORKERS: process.env.E2E_WORKERS ?? String(browserWorkers) }],
].filter(([name]) => !only.length || only.some((o) => name.startsWith(o)))
// A failure of these does not stop the run, so one failure does not hide others; any other stops it.
const keepGoing = ['unit + api', 'lint']

const runStarted = Date.now()
const timings = []
const started = new Set()
const ended = new Set()
let failedStep = null
let stopped = false
let running = 0

/**
 * Runs one step. Its output streams when it runs alone, or when it is the last step to start (a step beside it
 * prints its kept output when it ends); otherwise it is kept and printed when the step ends.
 */
function run([name, cmd, args, , env]) {
  if (name === 'browser') ensureChromium()
  const startedAt = Date.now()
  const last = steps.every(([other]) => started.has(other))
  const alone = last || (running === 1 && steps.every(([other]) => other === name || ended.has(other) || !isReady(other)))
  if (alone) console.log(`\n=== ${name} ===`)
  const child = spawn(cmd, args, { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env } })
  const kept = []
  child.stdout?.on('data', (d) => kept.push(d))
  child.stderr?.on('data', (d) => kept.push(d))
  return new Promise((resolve) => child.on('close', (status) => {
    if (!alone) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(kept).toString()}`)
    timings.push(`${name} ${((Date.now() - startedAt) / 1000).toFixed(1)} s`)
    if (status !== 0) {
      failedStep ??= name
      if (!keepGoing.includes(name)) stopped = true
    }
    resolve()
  }))
}

/** Whether everything a step waits for has ended (a step left out by the command line counts as ended). */
function isReady(name) {
  const waits = steps.find(([n]) => n === name)?.[3] ?? []
  return waits.every((w) => ended.has(w) || !steps.some(([n]) => n === w))
}

await new Promise((allDone) => {
  const next = () => {
    while (!stopped && running < lanes) {
      const step = steps.find(([name]) => !started.has(name) && isReady(name))
      if (!step) break
      started.add(step[0])
      running++
      run(step).then(() => {
        running--
        ended.add(step[0])
        next()
      })
    }
    if (running === 0) allDone()
  }
  next()
})

let passed = 0
let failed = 0
const vitestJson = join(results, 'vitest.json')
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += v.numPassedTests ?? 0
  failed += v.numFailedTests ?? 0
}
const pwJson = join(results, browserReport)
if (existsSync(pwJson)) {
  const p = JSON.parse(readFileSync(pwJson, 'utf8'))
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0)
  failed += p.stats?.unexpected ?? 0
}
console.log(`\nTimings: ${timings.join(', ')}; all ${((Date.now() - runStarted) / 1000).toFixed(1)} s`)
if (failedStep) console.log(`Failed step: ${failedStep}`)
if (failedStep && failed === 0) failed = 1 // a failed typecheck, lint or build counts as a failure
console.log(`${passed} passed, ${failed} failed`)
process.exit(failedStep ? 1 : 0)
