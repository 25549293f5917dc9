// A second scoring from the recording (issue 27, ADR 0128), on a tablet, in English and in Arabic: the teacher
// who recorded a reading asks the coach (the school administrator) to score it; the coach finds it in "Readings to
// score", scores it blind from its audio (no first marks shown), compares the two scorings word by word with
// percent agreement, Cohen's kappa and the figures' difference, settles the two disagreements, and the class
// report follows the settled reading.
import { expect, test, type Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { api } from '../../src/shared/api'
import { addPassage, call, login, SAMPLE_HOST, sampleClass } from './support/api'
import { SAMPLE_USERS, serviceWorkerReady, signedIn, switchLanguage } from './support/app'
import { ar } from './support/arabic'
import { expectAccessible } from './support/axe'
import { accuracyRows } from './support/report-page'

test.use({ viewport: { width: 820, height: 1180 } })

type Lang = 'en' | 'ar'

const WEBM = `data:audio/webm;base64,${Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]).toString('base64')}`

/**
 * A passage, a student and one sitting of their own, recorded by the teacher with audio:
 * w1 "brown" omission, w3 "ran" substitution → E 2 of 10 words, 80 %.
 */
async function reading(request: Parameters<typeof addPassage>[0], lang: Lang | 'offline') {
  const title = `A passage scored twice (${lang})`
  const assessment = await addPassage(request, { title, content: 'The brown dog ran to the park to play ball', language: 'en', minutes: 2 })
  const teacher = await login(request, SAMPLE_HOST, SAMPLE_USERS.teacher, E2E.samplePassword)
  const c = await sampleClass(request, teacher, 'Grade 1 A')
  const kid = await call<{ id: number }>(request, SAMPLE_HOST, 'POST', api.students(c.school.id, c.year.id), teacher, {
    first_name: `Scored${lang}`, last_name: 'Twice', arabic_name: 'مصحح مرتين', enrollment_code: `SMPL-9270${['en', 'ar', 'offline'].indexOf(lang) + 1}`, class_relation: c.cls.id,
  })
  const sitting = await call<{ id: number }>(request, SAMPLE_HOST, 'POST', api.sittings, teacher, {
    student: kid.id, assessment, class: c.cls.id, academic_year: c.year.id, created_in_device_at: '2026-11-04T09:00:00+03:00', duration: 60, audio: WEBM,
    marks: [{ word_index: 1, miscue: 'omission' }, { word_index: 3, miscue: 'substitution', said: 'run' }],
  })
  // The teacher asks the coach to score it blind.
  const place = [c.school.id, c.cls.id, sitting.id] as const
  const scorers = await call<{ results: { id: number; email: string }[] }>(request, SAMPLE_HOST, 'GET', api.secondScorers(...place), teacher)
  const coach = scorers.results.find((p) => p.email === SAMPLE_USERS.schoolAdmin)!
  await call(request, SAMPLE_HOST, 'POST', api.secondScoringRequest(...place), teacher, { scorer: coach.id })
  return {
    title, reportPath: `/report/${kid.id}/student/${sitting.id}`, student: `Scored${lang}`,
    scorePath: `/report/second-scoring/${place.join('/')}/score`, comparePath: `/report/second-scoring/${place.join('/')}/compare`,
  }
}

/** The taxonomy's names of the types used here (data, not the catalog). */
const TYPE_NAMES = { Substitution: 'استبدال', Omission: 'حذف' } as const
const typeName = (lang: Lang, english: keyof typeof TYPE_NAMES) => (lang === 'ar' ? TYPE_NAMES[english] : english)

async function pen(page: Page, name: string) {
  await page.getByRole('radio', { name: new RegExp(name) }).check({ force: true })
}

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`${lang}: a coach asked to score a reading scores it blind from its audio, compares, settles two disagreements, and the class report follows`, async ({ page, request }) => {
    const L = (s: string) => (lang === 'ar' ? ar(s) : s)
    const r = await reading(request, lang)
    await signedIn(page, SAMPLE_USERS.schoolAdmin)
    if (lang === 'ar') await switchLanguage(page, 'العربية')

    await expect(await accuracyRows(page, L, r.title)).toContainText('80')
    await page.getByRole('link', { name: L('Second scorings: readings to score and agreement') }).click()
    const waiting = page.getByTestId('waiting-scorings').getByRole('listitem').filter({ hasText: r.student })
    await expect(waiting).toHaveCount(1)
    await expectAccessible(page, `readings to score (${lang})`)
    await waiting.getByRole('link', { name: L('Score it blind') }).click()
    const passage = page.getByRole('group', { name: L('Passage, word by word') })
    await expect(passage.getByRole('button', { name: 'brown' })).toBeVisible()
    // Blind: no word carries the first scorer's marks, and no figure is shown.
    await expect(passage.locator('[data-marks]')).toHaveCount(0)
    await expect(page.getByText('80%')).toHaveCount(0)
    await page.getByRole('button', { name: L('Play the recording') }).click()
    await expect(page.getByTestId('sitting-audio')).toBeVisible()
    await expectAccessible(page, `blind scoring (${lang})`)

    // The coach hears "ran" misread as the teacher did, and "park" misread where the teacher heard it right;
    // "brown" they hear read.
    await pen(page, typeName(lang, 'Substitution'))
    await page.getByTestId('word-3').click()
    await page.getByTestId('word-6').click()
    await page.getByRole('textbox', { name: L('What the child said') }).first().fill('run')
    await expect(passage.locator('[data-marks]')).toHaveCount(2)
    await page.getByRole('button', { name: L('Save my scoring') }).click()

    await expect(page).toHaveURL(/\/compare$/)
    await expect(page.getByTestId('percent-agreement')).toHaveText(lang === 'ar' ? /٨٠٪?|80/ : '80%')
    // pe = 0.1 x 0 (omission) + 0.1 x 0.2 (substitution) + 0.8 x 0.8 (correct) = 0.66; kappa = (0.8 - 0.66) / 0.34 = 0.412.
    await expect(page.getByTestId('kappa')).toHaveText(lang === 'ar' ? /٠٫٤١٢|0.412/ : '0.412')
    await expect(page.getByTestId('disagreement-count')).toHaveText(/^(2|٢)$/)
    const words = page.getByTestId('word-comparison')
    await expect(words.locator('[data-disagree]')).toHaveCount(2)
    await expect(page.getByTestId('compare-word-1')).toContainText(L('Disagree'))
    await expect(page.getByTestId('compare-word-1')).toContainText(typeName(lang, 'Omission'))
    await expect(page.getByTestId('compare-word-3')).toContainText(L('Agree'))
    await expect(page.getByTestId('compare-word-6')).toContainText(L('Disagree'))
    await expect(page.getByTestId('band-difference')).toContainText(L('Same band'))
    await expectAccessible(page, `scoring comparison (${lang})`)

    // Settling: "brown" was read (the second scorer heard it right), "park" too (the first scorer did).
    await page.getByTestId('settle-word-1').getByRole('radio', { name: new RegExp(L('Second scoring')) }).check()
    await page.getByTestId('settle-word-6').getByRole('radio', { name: new RegExp(L('First scoring')) }).check()
    await page.getByRole('button', { name: L('Settle'), exact: true }).click()
    await expect(page.getByText(L('Settled. The reading record was corrected; its earlier version is kept in its history.'))).toBeVisible()
    await expect(page.getByTestId('settled')).toBeVisible()
    // The first scoring is now the settled one: only "ran" is misread, and the comparison agrees on it.
    await expect(page.getByTestId('compare-word-1')).toContainText(L('Agree'))
    await expectAccessible(page, `settled comparison (${lang})`)

    // The class report follows: E 1 of 10 words, 90 %.
    await expect(await accuracyRows(page, L, r.title)).toContainText('90')
    await page.goto(r.reportPath)
    await expect(page.getByTestId('sitting-trail')).toContainText('90% · E 1')

    // The coach asks someone else (the institution administrator, the one other person who may score it).
    const card = page.getByTestId('second-scoring-card')
    await card.getByRole('button', { name: L('Ask for a second scoring') }).click()
    await card.getByLabel(L('Person to ask')).selectOption({ index: 1 })
    await card.getByRole('button', { name: L('Ask to score it blind') }).click()
    await expect(page.getByText(L('Asked. The reading is in their list of readings to score.'))).toBeVisible()
    await expect(card.getByTestId('asked-scorers')).toContainText(L('Asked, not scored yet'))
    await expectAccessible(page, `asking for a second scoring (${lang})`)
  })
}

test('a blind scoring saved offline is sent when the connection is back', async ({ page, context, request }) => {
  const r = await reading(request, 'offline')
  await signedIn(page, SAMPLE_USERS.schoolAdmin)
  await serviceWorkerReady(page)
  await page.goto(r.scorePath)
  await expect(page.getByTestId('word-6')).toBeVisible()
  await context.setOffline(true)
  await pen(page, 'Substitution')
  await page.getByTestId('word-6').click()
  await page.getByRole('button', { name: 'Save my scoring' }).click()
  await expect(page.getByText('You are offline. Your scoring is saved on this device and will be sent when you are back online.')).toBeVisible()
  await expect(page.getByTestId('blind-save-state')).toHaveText('Your scoring is saved on this device. It will be sent when you are back online.')
  await expect(page.getByTestId('word-6')).toHaveAttribute('data-marks', 'substitution')
  await context.setOffline(false)
  await expect(page.getByRole('button', { name: /online, everything is synced/i })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('blind-save-state')).toHaveText('Your scoring is saved. Saving again replaces it.')
  await page.goto(r.comparePath)
  // First: w1 omission, w3 substitution; second: w6 substitution → 3 of 10 words differ, 70 %.
  await expect(page.getByTestId('percent-agreement')).toHaveText('70%')
  await expect(page.getByTestId('compare-word-6')).toContainText('Disagree')
})
