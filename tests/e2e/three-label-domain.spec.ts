// The product under a platform domain of three labels, as real deployments run it (BASE_DOMAIN=miscue.example.org):
// a second server of its own with BASE_DOMAIN=miscue.localhost (Chromium sends every *.localhost to
// loopback). The platform admin signs in on the platform host, which the app must not take for an
// institution called "miscue", and, signed in on the sample institution's host, its pages open. The token's
// cookie stays on the host that issued it (ADR 0114).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { freePort, ROOT, startServer, type ServerProcess } from '../faults/support/server-process'
import { ONLINE_ONLY } from './support/app'

test.use(ONLINE_ONLY)

const DOMAIN = 'miscue.localhost'
let server: ServerProcess
let dataDir: string
let platformUrl: string
let sampleUrl: string

test.beforeAll(async () => {
  test.setTimeout(240_000)
  dataDir = mkdtempSync(join(tmpdir(), 'miscue-e2e-3label-'))
  const port = await freePort()
  server = startServer({
    BASE_DOMAIN: DOMAIN, DATA_DIR: dataDir, DIST_DIR: join(ROOT, 'dist'),
    ADMIN_PASSWORD: E2E.adminPassword, SAMPLE_PASSWORD: E2E.samplePassword,
  }, port)
  await server.waitReady(230_000)
  platformUrl = `http://${DOMAIN}:${port}`
  sampleUrl = `http://sample.${DOMAIN}:${port}`
})

test.afterAll(async () => {
  await server?.kill('SIGTERM')
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('under BASE_DOMAIN=miscue.localhost the platform admin signs in on the platform host and opens an institution', async ({ page, context }) => {
  await page.goto(`${platformUrl}/login`)
  await page.getByLabel('Username or email').fill('admin')
  await page.getByLabel('Password', { exact: true }).fill(E2E.adminPassword)
  // The platform host is not an unknown institution: the sign-in page stays.
  await page.waitForTimeout(500)
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()
  await expect(page).not.toHaveURL(/page-not-found/)

  const auth = (await context.cookies()).filter((c) => c.name === 'auth_info')
  expect(auth.map((c) => c.domain)).toEqual([DOMAIN])

  // On the sample institution's host the platform admin signs in there (tokens are bound to their host,
  // ADR 0004) and works as its admin.
  await page.goto(`${sampleUrl}/login`)
  await page.getByLabel('Username or email').fill('admin')
  await page.getByLabel('Password', { exact: true }).fill(E2E.adminPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto(`${sampleUrl}/school`)
  await expect(page.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: 'Al Noor Primary School' }).first()).toBeVisible()
})

test('an unknown institution under the three-label domain still leaves for page-not-found', async ({ page }) => {
  await page.goto(`${platformUrl.replace(DOMAIN, `nowhere.${DOMAIN}`)}/login`)
  await expect(page).toHaveURL(/\/page-not-found$/)
})
