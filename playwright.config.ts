import { defineConfig } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Browser tests run the real server (built PWA + API) and drive Debian's Chromium. Workers run spec files in
// parallel, and each worker has a server of its own: its own port, its own embedded database in its own
// DATA_DIR, its own copy of the build (a spec may deploy a next version over the build its server serves).
// A spec reaches its worker's server only through `E2E` (tests/e2e/support/README.md, ADR 0126).
const basePort = Number(process.env.E2E_PORT ?? 8765)
/** `npm test` asks for one and a half workers per core (3 on 2 cores); by hand one, so a spec tried alone starts one server. */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1))
const dataRoot = process.env.E2E_DATA_ROOT ?? mkdtempSync(join(tmpdir(), 'miscue-e2e-'))
process.env.E2E_PORT = String(basePort)
process.env.E2E_DATA_ROOT = dataRoot

/** Worker N's server: ports 1000 apart, so a spec's own servers (its port + 100) never meet another worker's. */
function serverOf(slot: number) {
  const dir = join(dataRoot, `server-${slot}`)
  return { port: basePort + 1000 * slot, dataDir: dir, distDir: join(dir, 'dist') }
}

// Playwright numbers its workers 0..workers-1 (a worker restarted after a failure keeps its number).
const own = serverOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0))
export const E2E = {
  port: own.port,
  /** This worker's server's DATA_DIR (its outbound mail is under mail/). */
  dataDir: own.dataDir,
  /** The build this worker's server serves. */
  distDir: own.distDir,
  adminPassword: 'Admin$1pass',
  samplePassword: 'Sample$1pass',
  institutionUrl: `http://sample.localhost:${own.port}`,
  platformUrl: `http://localhost:${own.port}`,
}
/** Chromium's flags for every spec; a spec that needs more (a fake microphone) adds to them. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files are spread over the workers; the tests of one file run in order, on one worker.
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  // Per-port folders, so runs on different ports never clear each other's artifacts.
  outputDir: `test-results/e2e-${basePort}`,
  reporter: [['list'], ['json', { outputFile: basePort === 8765 ? 'test-results/playwright.json' : `test-results/playwright-${basePort}.json` }]],
  use: {
    baseURL: E2E.institutionUrl,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    headless: true,
    // Recording a trace costs about a quarter of a test's CPU even when it is thrown away (measured: 56-60 against
    // 42-46 CPU-seconds for the same two specs). CI retries a failed test once, recording; by hand, add
    // `--trace on` (ADR 0126).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: workers }, (_, slot) => {
    const server = serverOf(slot)
    return {
      // The build is copied first: the server reads its page at start.
      command: `rm -rf '${server.distDir}' && mkdir -p '${server.dataDir}' && cp -r dist '${server.distDir}' && node --import tsx src/server/index.ts`,
      url: `http://127.0.0.1:${server.port}/api/health/`,
      reuseExistingServer: false,
      // Start includes migrations and hashing the seed passwords at production cost (scrypt N=2^17).
      timeout: 180_000,
      env: {
        PORT: String(server.port),
        DATA_DIR: server.dataDir,
        DIST_DIR: server.distDir,
        ADMIN_PASSWORD: E2E.adminPassword,
        SAMPLE_PASSWORD: E2E.samplePassword,
        BASE_DOMAIN: 'localhost',
      },
    }
  }),
})
