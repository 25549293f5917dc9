// Page helpers shared by the browser tests: sign-in, language, and waiting for the service worker.
import { expect, type Page } from '@playwright/test'
import { E2E } from '../../../playwright.config'

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
 * Resolves once this user's screens are saved on the device (the persisted query cache holds the profile),
 * so a reload while offline can open the shell. The cache is written at most once a second.
 */
export async function savedOnDevice(page: Page) {
  await expect.poll(() => page.evaluate(() =>
    Object.keys(localStorage).some((key) => key.startsWith('miscue-query-cache:') && (localStorage.getItem(key) ?? '').includes('"profile"')),
  ), { timeout: 15_000 }).toBe(true)
}
