// Page helpers shared by the browser tests: sign-in, language, and waiting for the service worker.
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { E2E } from '../../../playwright.config'
import { session } from './api'

export const SAMPLE_USERS = {
  institutionAdmin: 'institution.admin@sample.test',
  schoolAdmin: 'school.admin@sample.test',
  teacher: 'teacher@sample.test',
  viewer: 'viewer@sample.test',
} as const

/** Signs in through the login screen of the current host (default: the sample institution). */
export async function signIn(page: Page, username: string, password = E2E.samplePassword, baseUrl = E2E.institutionUrl) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel(/username or email|اسم المستخدم أو البريد الإلكتروني/i).fill(username)
  await page.getByLabel(/^password$|^كلمة المرور$/i).fill(password)
  await page.getByRole('button', { name: /^sign in$|^تسجيل الدخول$/i }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

/**
 * Puts a user's sign-in into a browser context without the sign-in screen, for a test that does not test signing
 * in: the user's token (`session`: one sign-in per worker, host and user) as the `auth_info`
 * cookie the sign-in screen sets (src/web/lib/session/session.ts). The next page the context opens is the app,
 * signed in. A screen sign-in costs a page load, the form and the server's password hash: some 3 s (ADR 0126).
 */
export async function addSignIn(context: BrowserContext, username: string, o: { password?: string; baseUrl?: string } = {}) {
  const baseUrl = o.baseUrl ?? E2E.institutionUrl
  const { token, userId, expiresAt, life } = await session(context.request, new URL(baseUrl).host, username, o.password ?? E2E.samplePassword)
  const info = { access_token: token, token_type: 'Bearer', expires_at: expiresAt, life, user_id: userId }
  await context.addCookies([{
    // Host-only, like the app's own cookie: the app's sign-out then clears it.
    name: 'auth_info', value: encodeURIComponent(JSON.stringify(info)), url: baseUrl,
    expires: Math.floor(Date.now() / 1000) + 400 * 24 * 3600, sameSite: 'Lax',
  }])
}

/** Signed in without the sign-in screen (`addSignIn`), on the app's screen at `path` (the dashboard by default). */
export async function signedIn(page: Page, username: string, o: { password?: string; baseUrl?: string; path?: string } = {}) {
  await addSignIn(page.context(), username, o)
  const path = o.path ?? '/dashboard'
  await page.goto(`${o.baseUrl ?? E2E.institutionUrl}${path}`)
  await expect(page).toHaveURL((url) => url.pathname + url.search === path)
}

/** Switches the interface language with the selector in the top bar or on the login page (the page reloads). */
export async function switchLanguage(page: Page, to: 'English' | 'العربية') {
  await page.getByRole('button', { name: /language|اللغة/i }).click()
  await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: to }).click()])
}

/** Resolves once the service worker is active, so a reload while offline is served from the precache. */
export async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return registration.active?.state
  })
}

/**
 * The copies of the persisted query cache saved on this device: the device database's `queries` rows (ADR 0134),
 * read with IndexedDB itself; `remove` deletes them. None when there is no device database, and none is created.
 */
function savedCopies(page: Page, remove = false): Promise<{ owner: string; value: string }[]> {
  return page.evaluate((remove) => new Promise<{ owner: string; value: string }[]>((resolve) => {
    const open = indexedDB.open('miscue')
    open.onupgradeneeded = () => open.transaction?.abort()
    open.onerror = () => resolve([])
    open.onsuccess = () => {
      const db = open.result
      const copies: { owner: string; value: string }[] = []
      try {
        const rows = db.transaction('deviceCache', remove ? 'readwrite' : 'readonly').objectStore('deviceCache').openCursor()
        rows.onerror = () => resolve(copies)
        rows.onsuccess = () => {
          const row = rows.result
          if (!row) return resolve(copies)
          const { owner, key, value } = row.value as { owner: string; key: string; value: string }
          if (key === 'queries') {
            copies.push({ owner, value })
            if (remove) row.delete()
          }
          row.continue()
        }
      } catch {
        resolve(copies)
      } finally {
        db.close()
      }
    }
  }), remove)
}

/**
 * Resolves once this user's screens are saved on the device (the persisted query cache holds the profile, or
 * `text`), so a reload while offline can open the shell. The cache is written at most once a second.
 */
export async function savedOnDevice(page: Page, text = '"profile"') {
  await expect.poll(async () => (await savedCopies(page)).some((copy) => copy.value.includes(text)), { timeout: 15_000 }).toBe(true)
}

/** Removes every user's saved query cache from the device, with the copies put in localStorage as a page of the
 * app was left, not yet moved to the device database; returns the device's, each with its owner. */
export async function removeSavedCopies(page: Page) {
  await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('miscue-query-cache:')).forEach((key) => localStorage.removeItem(key)))
  return savedCopies(page, true)
}

/**
 * `test.use(ONLINE_ONLY)` in a spec whose screens are all used online: its pages install no service worker, which
 * would precache the whole app (some 180 files) in every test's fresh browser context. A spec that goes offline,
 * updates the app or fills the device's storage keeps it (ADR 0126).
 */
export const ONLINE_ONLY = { serviceWorkers: 'block' } as const
