// Offline writes a teacher can trust (issue 7), in real Chromium against the real server: two tabs
// replaying one queue, a shared tablet, sign-out with unsynced work, an update that removed a chunk, and
// persistent storage.
import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'
import { removeSavedCopies, savedOnDevice, serviceWorkerReady, signedIn, signIn, SAMPLE_USERS } from './support/app'
import { removeFromSchools } from './support/api'

// Several sign-ins per test: more time than one screen needs.
test.describe.configure({ mode: 'serial', timeout: 180_000 })

// The sections this file makes, left by an earlier try: CI's retry starts without them.
test.beforeAll(async ({ request }) => {
  await removeFromSchools(request, 'section', ['Two Tabs Section', 'Shared Tablet Section'])
})

/** Adds a section through the list's Add form (works offline: it is queued). */
async function addSection(page: Page, identifier: string, name: string) {
  await page.goto('/section')
  await page.getByRole('button', { name: /^add$/i }).click()
  await page.getByLabel('Identifier').fill(identifier)
  await page.getByLabel('Section name').fill(name)
  await page.getByRole('button', { name: /^create$/i }).click()
  await expect(page).toHaveURL(/\/section$/)
}

async function openSyncPanel(page: Page) {
  await page.getByRole('button', { name: /(online|offline)(,|$)/i }).first().click()
  return page.getByRole('dialog', { name: /changes waiting to sync/i })
}

test('two tabs replaying the same queue: the write lands once and neither shows "rejected"', async ({ context }) => {
  const first = await context.newPage()
  await signedIn(first, SAMPLE_USERS.institutionAdmin, { path: '/section' })
  await serviceWorkerReady(first)
  await savedOnDevice(first)
  const second = await context.newPage()
  await second.goto('/section')
  await expect(second.getByRole('cell', { name: 'Section A', exact: true })).toBeVisible()

  await context.setOffline(true)
  await addSection(first, 'TT', 'Two Tabs Section')
  await expect(first.getByRole('row', { name: /Two Tabs Section/ })).toContainText('Pending sync')
  // The other tab learns of the queued write too.
  await expect(second.getByRole('row', { name: /Two Tabs Section/ })).toContainText('Pending sync')

  // The connection returns: both tabs hear 'online' and try to replay at once.
  await context.setOffline(false)
  for (const page of [first, second]) {
    await expect(page.getByRole('button', { name: /online, everything is synced/i })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText('Rejected')).toHaveCount(0)
  }
  await first.reload()
  await expect(first.getByRole('cell', { name: 'Two Tabs Section', exact: true })).toHaveCount(1)
})

test("a shared tablet: A's queued write is refused a silent sign-out, hidden from B, not sent by B, and sent once when A is back", async ({ page, context }) => {
  await signIn(page, SAMPLE_USERS.institutionAdmin)
  await page.goto('/section')
  await serviceWorkerReady(page)
  await savedOnDevice(page)
  await context.setOffline(true)
  await addSection(page, 'SH', 'Shared Tablet Section')
  await expect(page.getByRole('row', { name: /Shared Tablet Section/ })).toContainText('Pending sync')

  // Signing out with unsynced work is refused with an explanation and a way to sync.
  await page.getByRole('button', { name: /welcome|profile|account/i }).first().click()
  await page.getByRole('menuitem', { name: /log out/i }).or(page.getByRole('link', { name: /log out/i })).first().click()
  await expect(page.getByRole('heading', { name: /changes that are not synced yet/i })).toBeVisible()
  await expect(page.getByText(/^1 change made on this device has not reached the server\. Signing out now keeps it on this device/)).toBeVisible()
  await expect(page.getByRole('button', { name: /sync now/i })).toBeVisible()
  await page.getByRole('link', { name: /sign out anyway/i }).click()
  await expect(page).toHaveURL(/\/login/)

  // B signs in on the same browser: A's write is neither shown nor sent.
  await context.setOffline(false)
  await signIn(page, SAMPLE_USERS.schoolAdmin)
  await page.goto('/section')
  await expect(page.getByRole('cell', { name: 'Section A', exact: true })).toBeVisible()
  await expect(page.getByRole('row', { name: /Shared Tablet Section/ })).toHaveCount(0)
  const panel = await openSyncPanel(page)
  await expect(panel.getByText('Everything is synced.')).toBeVisible()
  await expect(panel.getByText(/Shared Tablet Section/)).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.waitForTimeout(1500) // time for a wrongful replay to happen, if it were going to
  await page.reload()
  await expect(page.getByRole('cell', { name: 'Section A', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Shared Tablet Section', exact: true })).toHaveCount(0)

  // B signs out (nothing of theirs waits: no refusal); A signs in again and the write is sent, once.
  await page.goto('/logout')
  await expect(page).toHaveURL(/\/login/)
  await signIn(page, SAMPLE_USERS.institutionAdmin)
  await page.goto('/section')
  await expect(page.getByRole('button', { name: /online, everything is synced/i })).toBeVisible({ timeout: 20_000 })
  await page.reload()
  await expect(page.getByRole('cell', { name: 'Shared Tablet Section', exact: true })).toHaveCount(1)
})

test('a chunk removed by an update reloads the page once instead of breaking it', async ({ browser }) => {
  // Without the service worker, so every chunk request reaches the real server.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  await signedIn(page, SAMPLE_USERS.institutionAdmin)
  // From now on the lazy chunks of this build are gone, as after an update: the real server answers 404
  // for them (not index.html) until the page loads again.
  let replaced = true
  let broken = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) replaced = false
  })
  await context.route(/\/assets\/.+\.js$/, async (route) => {
    if (!replaced) return route.continue()
    broken++
    // (Node does not resolve *.localhost: ask the same server by its loopback address.)
    const url = new URL(route.request().url().replace(/\.js$/, '-replaced.js'))
    url.hostname = '127.0.0.1'
    const gone = await route.fetch({ url: url.href })
    expect(gone.status()).toBe(404)
    await route.fulfill({ response: gone })
  })
  const reloaded = page.waitForEvent('load')
  const sections = page.getByRole('navigation', { name: /main|menu/i }).getByRole('link', { name: 'Sections' })
  await sections.click()
  await reloaded
  expect(broken).toBeGreaterThan(0)
  await expect(page.getByRole('banner').getByText(/welcome,/i)).toBeVisible()
  // The reload may come from the preload on hover (still on the dashboard) or from the navigation.
  if (!/\/section$/.test(page.url())) await sections.click()
  await expect(page).toHaveURL(/\/section$/)
  await expect(page.getByRole('cell', { name: 'Section A', exact: true })).toBeVisible()
  await context.close()
})

test('persistent storage is requested after sign-in', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { persistCalls: number }
    w.persistCalls = 0
    const storage = navigator.storage
    const original = storage.persist.bind(storage)
    storage.persist = () => {
      w.persistCalls++
      return original()
    }
  })
  await signIn(page, SAMPLE_USERS.institutionAdmin)
  await expect.poll(() => page.evaluate(() => (window as unknown as { persistCalls: number }).persistCalls)).toBeGreaterThan(0)
  // The sync panel shows how much of the device's storage is used.
  const panel = await openSyncPanel(page)
  await expect(panel.getByText(/Storage on this device: .+ MB of .+ MB used/)).toBeVisible()
})

test('a screen opened offline before anything of it was saved on the device says so, and opens once back online', async ({ page, context }) => {
  await signedIn(page, SAMPLE_USERS.schoolAdmin)
  await serviceWorkerReady(page)
  // Nothing of this user's screens is on the device (as after a crash before the first save). The app saves its
  // copy as a page is left, so the copy is removed from a page of the same site that is not the app.
  await page.goto('/favicon.svg')
  await removeSavedCopies(page)
  await context.setOffline(true)
  await page.goto('/grade')
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('This page has not been saved on this device yet.')
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByRole('heading', { name: 'Grades', level: 1 })).toBeVisible()
})

test('a tablet updated from the version that saved its screens in localStorage opens them offline, then keeps them on the device only', async ({ page, context }) => {
  await signedIn(page, SAMPLE_USERS.teacher)
  await serviceWorkerReady(page)
  await page.goto('/student')
  await expect(page.getByRole('row', { name: /Sara/ }).first()).toBeVisible()
  await savedOnDevice(page, 'Sara')
  // As the previous version left the device: the copy in localStorage under the user's key, none in the device
  // database (changed from a page of the same site that is not the app, which saves its copy as it is left).
  await page.goto('/favicon.svg')
  const copies = await removeSavedCopies(page)
  await page.evaluate((rows) => { for (const { owner, value } of rows) localStorage.setItem(`miscue-query-cache:${owner}`, value) }, copies)
  await context.setOffline(true)
  await page.goto('/student')
  await expect(page.getByRole('row', { name: /Sara/ }).first()).toBeVisible()
  await expect(page.getByText('has not been saved on this device yet')).toHaveCount(0)
  await savedOnDevice(page, 'Sara')
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('miscue-query-cache')))).toEqual([])
})
