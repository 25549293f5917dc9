// Regenerates the README screenshots from a running server: npx tsx scripts/screenshots.ts [port]
// (start one with: PORT=8099 DATA_DIR=$(mktemp -d) SAMPLE_PASSWORD='Sample$1pass' npm start)
import { chromium } from 'playwright-core'

const port = process.argv[2] ?? '8099'
const base = `http://sample.localhost:${port}`
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const context = await browser.newContext({ viewport: { width: 1280, height: 760 } })
const page = await context.newPage()

await page.goto(`${base}/login`)
await page.getByRole('button', { name: 'Sign in' }).waitFor()
await page.screenshot({ path: 'docs/screenshots/login.png' })

await page.getByLabel('Username or email').fill('institution.admin@sample.test')
await page.getByLabel('Password', { exact: true }).fill(process.env.SAMPLE_PASSWORD ?? 'Sample$1pass')
await page.getByRole('button', { name: 'Sign in' }).click()
await page.waitForURL(/dashboard/)
await page.evaluate(() => { localStorage.setItem('language', 'ar'); localStorage.setItem('direction', 'rtl') })
await page.goto(`${base}/grade`)
await page.getByRole('cell', { name: 'Grade 1', exact: true }).waitFor()
await page.screenshot({ path: 'docs/screenshots/grades-ar.png' })

await page.evaluate(() => { localStorage.setItem('language', 'en'); localStorage.setItem('direction', 'ltr') })
await page.goto(`${base}/section`)
await page.getByRole('cell', { name: 'Section A', exact: true }).waitFor()
await page.evaluate(async () => { await navigator.serviceWorker.ready })
await context.setOffline(true)
await page.getByRole('button', { name: 'Add', exact: true }).click()
await page.getByLabel('Identifier').fill('C')
await page.getByLabel('Section name').fill('Section C (typed offline)')
await page.getByRole('button', { name: 'Create' }).click()
await page.getByText('Pending sync').first().waitFor()
await page.screenshot({ path: 'docs/screenshots/offline.png' })
await context.setOffline(false)
await browser.close()
