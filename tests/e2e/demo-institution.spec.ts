// Create Demo Institution on the platform host: the platform admin copies the sample institution, watches
// the progress bar reach 100 and the completion card, and the access URL opens the demo's sign-in page.
import { expect, test } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { signedIn, ONLINE_ONLY } from './support/app'

test.use(ONLINE_ONLY)

const sub = `demo-${Date.now().toString(36)}`

test('the platform admin creates a demo institution and opens it', async ({ page }) => {
  test.setTimeout(120_000)
  await signedIn(page, 'admin', { password: E2E.adminPassword, baseUrl: E2E.platformUrl })
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible()

  await page.getByRole('link', { name: 'Create Demo Institution' }).click()
  await expect(page).toHaveURL(/\/demo-institution$/)
  const create = page.getByRole('button', { name: 'Create demo' })
  await expect(create).toBeDisabled()

  await page.getByLabel('Source institution').selectOption({ label: 'Sample Academy (sample)' })
  await page.getByLabel('Demo institution name').fill('Sales Demo')
  await page.getByLabel('Demo subdomain').fill('bad_name!')
  await page.getByLabel('Demo subdomain').blur()
  await expect(page.getByText('Only letters, numbers, and hyphens allowed')).toBeVisible()
  await page.getByLabel('Demo subdomain').fill(sub)
  await page.getByLabel('Notification email').fill('sales@example.test')
  await expect(create).toBeEnabled()
  await create.click()

  const bar = page.getByRole('progressbar')
  await expect(bar).toBeVisible()
  await expect(page.getByText('This may take several minutes. Please do not close this page.')).toBeVisible()
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 })
  await expect(page.getByRole('heading', { name: 'Demo institution created successfully' })).toBeVisible()
  const accessUrl = `http://${sub}.localhost:${E2E.port}`
  const link = page.getByRole('link', { name: accessUrl })
  await expect(link).toHaveAttribute('href', accessUrl)
  await expect(page.getByText(`admin1@${sub}.localhost`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create another demo' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Back to institutions' })).toBeVisible()

  await page.goto(accessUrl)
  await expect(page).toHaveURL(new RegExp(`^http://${sub}\\.localhost:${E2E.port}/login`))
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
})
