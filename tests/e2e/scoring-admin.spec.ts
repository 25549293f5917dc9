// "Miscues and scoring" (issue 14, ADR 0092) in real Chromium against the real server: an institution admin
// renames an Arabic miscue type for the institution, scores Arabic passages with EGRA Arabic, and makes a profile
// of its own offline (self-corrections stay errors) that reaches the server once the connection is back; the
// server and a teacher's capture kit then have it all. A teacher sees the same page read-only and cannot open its
// forms. axe in English and Arabic. The data is put back at the end for the specs that follow on this server.
import { expect, test } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { expectAccessible } from './support/axe'
import { SAMPLE_USERS, signedIn, switchLanguage } from './support/app'
import { call, login, SAMPLE_HOST } from './support/api'
import { ScoringPage } from './support/scoring-page'

// Its first test walks the taxonomy, two passages, an offline profile and a teacher's kit: more than a minute
// on a busy machine with the other worker beside it.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

type Type = { id: number; code: string; display_name: string; arabic_display_name: string; color_code: string; counts_as_error: boolean; sort_order: number; language: string | null; scoring_class: string | null; active: boolean; own: boolean; updated_at: string }
type Profile = { id: number; code: string | null; display_name: string; version: number; built_in: boolean; rules: Record<string, boolean> }
type Settings = { profiles: Profile[]; selected: { ar: number; en: number } }

const RENAMED = { en: 'Hamza spelling', ar: 'خطأ في كتابة الهمزة' }
const OWN_PROFILE = 'Strict reading'

const token = (request: APIRequestContext, user: string) => login(request, SAMPLE_HOST, user, E2E.samplePassword)
const hamzaOf = (types: Type[]) => types.find((t) => t.code === 'hamza')!

/** The capture kit a teacher's tablet loads for their school and the 2026-2027 year. */
async function teacherKit(request: APIRequestContext) {
  const teacher = await token(request, SAMPLE_USERS.teacher)
  const school = (await call<{ results: { id: number }[] }>(request, SAMPLE_HOST, 'GET', '/api/myschools/', teacher)).results[0]!.id
  const year = (await call<{ results: { id: number; display_name: string }[] }>(request, SAMPLE_HOST, 'GET', '/api/academic-year/', teacher)).results.find((y) => y.display_name === '2026-2027')!.id
  return call<{ miscue_types: Type[]; scoring: Settings }>(request, SAMPLE_HOST, 'GET', `/api/capture/school/${school}/year/${year}/`, teacher)
}

test.afterAll(async ({ request }) => {
  const admin = await token(request, SAMPLE_USERS.institutionAdmin)
  const hamza = hamzaOf((await call<{ results: Type[] }>(request, SAMPLE_HOST, 'GET', '/api/miscue-type/', admin)).results)
  await call(request, SAMPLE_HOST, 'PUT', '/api/miscue-type/hamza/', admin, { ...hamza, display_name: 'Hamza', arabic_display_name: 'خطأ في الهمزة' })
  const { profiles } = await call<Settings>(request, SAMPLE_HOST, 'GET', '/api/scoring-profile/', admin)
  const standard = profiles.find((p) => p.code === 'standard')!.id
  await call(request, SAMPLE_HOST, 'PUT', '/api/scoring-profile/selection/', admin, { ar: standard, en: standard })
})

test('an institution admin renames an Arabic miscue type, scores Arabic passages with EGRA Arabic and adds a profile offline; the server and a teacher\'s capture kit have it', async ({ page, context, request }) => {
  const scoring = new ScoringPage(page)
  await signedIn(page, SAMPLE_USERS.institutionAdmin)
  await scoring.openFromMenu()
  await expect(scoring.typeRow('Hamza')).toContainText('Arabic passages only')
  await expectAccessible(page, 'miscue types and scoring (en)')

  // The Arabic hamza type, renamed for this institution only.
  await page.getByRole('button', { name: 'Edit Hamza', exact: true }).click()
  await expect(page).toHaveURL(/\/scoring\/miscue-type\/\d+\/edit$/)
  await expect(page.getByText('A default type: your changes apply to your institution only.', { exact: false })).toBeVisible()
  await expectAccessible(page, 'miscue type form (en)')
  await scoring.field('English name').fill(RENAMED.en)
  await scoring.field('Arabic name').fill(RENAMED.ar)
  await scoring.button('Save').click()
  await expect(page).toHaveURL(/\/scoring$/)
  await expect(scoring.toast(`Miscue type “${RENAMED.en}” was saved.`)).toBeVisible()
  await expect(scoring.typeRow(RENAMED.en)).toContainText(RENAMED.ar)
  await expect(scoring.typeRow(RENAMED.en)).toContainText('Changed for your institution')

  // Arabic passages scored with EGRA Arabic from now on; the page says what that means.
  await scoring.passageChoice('Arabic passages').selectOption({ label: 'EGRA Arabic (version 3)' })
  await expect(page.getByText('Words the reader adds are noted but not counted', { exact: false })).toBeVisible()
  await scoring.button('Save choice').click()
  await expect(scoring.toast('The scoring profiles were saved. New sittings are scored with them.')).toBeVisible()
  await expect(scoring.profileRow('EGRA Arabic')).toContainText('Arabic passages')

  // A profile of the institution's own, made offline: it waits on the device, then reaches the server once.
  await page.getByRole('region', { name: 'Scoring profiles' }).getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page).toHaveURL(/\/scoring\/scoring-profile\/add$/)
  await expectAccessible(page, 'scoring profile form (en)')
  await context.setOffline(true)
  await scoring.field('English name').fill(OWN_PROFILE)
  await scoring.field('Arabic name').fill('قراءة صارمة')
  await page.getByRole('switch', { name: 'Self-corrections count as correct' }).click()
  await expect(page.getByText('still counts as an error (the self-correction is still counted)', { exact: false })).toBeVisible()
  await scoring.button('Create').click()
  await expect(page).toHaveURL(/\/scoring$/)
  await expect(scoring.toast(`Saved on this device. “${OWN_PROFILE}” will sync when the connection is back.`)).toBeVisible()
  await expect(scoring.profileRow(OWN_PROFILE)).toContainText('Pending sync')
  await expect(scoring.profileRow(OWN_PROFILE)).toContainText('Self-corrections stay errors')
  await context.setOffline(false)
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(scoring.profileRow(OWN_PROFILE)).not.toContainText('Pending sync', { timeout: 20_000 })
  await expect(scoring.profileRow(OWN_PROFILE)).toContainText("Your institution's")

  // On the server …
  const admin = await token(request, SAMPLE_USERS.institutionAdmin)
  const types = (await call<{ results: Type[] }>(request, SAMPLE_HOST, 'GET', '/api/miscue-type/', admin)).results
  expect(types.filter((t) => t.code === 'hamza')).toEqual([expect.objectContaining({ display_name: RENAMED.en, arabic_display_name: RENAMED.ar, language: 'ar', own: true })])
  const settings = await call<Settings>(request, SAMPLE_HOST, 'GET', '/api/scoring-profile/', admin)
  const egra = settings.profiles.find((p) => p.code === 'egra-arabic')!
  const standard = settings.profiles.find((p) => p.code === 'standard')!
  expect(settings.selected).toEqual({ ar: egra.id, en: standard.id })
  expect(settings.profiles.filter((p) => p.display_name === OWN_PROFILE)).toEqual([expect.objectContaining({
    built_in: false, version: 1, rules: {
      self_corrections_correct: false, ignore_unwritten_short_vowels: false, ignore_case_endings: false, pausal_endings_correct: true, count_insertions: true,
      insertions_against_wcpm: true, reversal_two_errors: false, proper_noun_once: true, one_minute_bracket: false, discontinue_first_line: false, hesitation_cue: false,
      skipped_line_one_error: false, bands: [{ levels: null, independent: 95, instructional: 90 }],
    },
  })])
  // … and in the kit a teacher's tablet records sittings with.
  const kit = await teacherKit(request)
  expect(hamzaOf(kit.miscue_types)).toMatchObject({ display_name: RENAMED.en, arabic_display_name: RENAMED.ar })
  expect(kit.scoring.selected.ar).toBe(egra.id)
  expect(kit.scoring.profiles.map((p) => p.display_name)).toContain(OWN_PROFILE)

  // In Arabic the page mirrors and shows the Arabic names.
  await switchLanguage(page, 'العربية')
  const arabic = new ScoringPage(page, true)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: arabic.l('Miscues and scoring') })).toBeVisible()
  await expect(arabic.typeRow(RENAMED.ar)).toContainText(arabic.l('Arabic passages only'))
  await expect(arabic.passageChoice('Arabic passages')).toHaveValue(String(egra.id))
  await expectAccessible(page, 'miscue types and scoring (ar)')
})

test('a teacher sees the taxonomy and the profile choice read-only, and cannot open the forms', async ({ page }) => {
  const scoring = new ScoringPage(page)
  await signedIn(page, SAMPLE_USERS.teacher)
  await scoring.openFromMenu()
  await expect(page.getByText('Only institution administrators can change it.', { exact: false })).toBeVisible()
  await expect(scoring.typeRow(RENAMED.en)).toContainText(RENAMED.ar)
  const choice = page.getByRole('region', { name: 'Profile used for each passage language' })
  await expect(choice).toContainText('EGRA Arabic (version 3)')
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0)
  await expect(scoring.button('Save choice')).toHaveCount(0)
  await expect(page.getByRole('combobox', { name: 'Arabic passages' })).toHaveCount(0)
  await expectAccessible(page, 'miscue types and scoring, read-only (en)')
  await page.goto('/scoring/miscue-type/add')
  await expect(page).toHaveURL(/\/access-denied$/)
})
