import { defineConfig } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// Browser tests run the real server (built PWA + API) on a fresh embedded database in a temp DATA_DIR,
// and drive Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 8765)
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'miscue-e2e-'))
export const E2E = {
  port,
  adminPassword: 'Admin$1pass',
  samplePassword: 'Sample$1pass',
  institutionUrl: `http://sample.localhost:${port}`,
  platformUrl: `http://localhost:${port}`,
}
/** Chromium's flags for every spec; a spec that needs more (a fake microphone) adds to them. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
process.env.E2E_PORT = String(port)
process.env.E2E_DATA_DIR = dataDir

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Per-port folders, so runs on different ports never clear each other's artifacts.
  outputDir: `test-results/e2e-${port}`,
  reporter: [['list'], ['json', { outputFile: port === 8765 ? 'test-results/playwright.json' : `test-results/playwright-${port}.json` }]],
  use: {
    baseURL: E2E.institutionUrl,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node --import tsx src/server/index.ts`,
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    // Start includes migrations and hashing the seed passwords at production cost (scrypt N=2^17).
    timeout: 180_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E.adminPassword,
      SAMPLE_PASSWORD: E2E.samplePassword,
      BASE_DOMAIN: 'localhost',
    },
  },
})
