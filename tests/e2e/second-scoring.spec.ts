// A second scoring from the recording (issue 27, ADR 0128), on a tablet, in English and in Arabic: a coach (the
// school administrator) opens a reading a teacher recorded, scores it blind from its audio (no first marks shown),
// and compares the two scorings word by word with percent agreement, Cohen's kappa and the figures' difference.
import { expect, test, type Page } from '@playwright/test'
import { E2E } from '../../playwright.config'
import { api } from '../../src/shared/api'
import { addPassage, call, login, SAMPLE_HOST, sampleClass } from './support/api'
import { SAMPLE_USERS, signIn, switchLanguage } from './support/app'
import { ar } from './support/arabic'
import { expectAccessible } from './support/axe'

test.use({ viewport: { width: 820, height: 1180 } })

type Lang = 'en' | 'ar'

const WEBM = `data:audio/webm;base64,${Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]).toString('base64')}`

/**
 * A passage, a student and one sitting of their own, recorded by the teacher with audio:
 * w1 "brown" omission, w3 "ran" substitution → E 2 of 10 words, 80 %.
 */
async function reading(request: Parameters<typeof addPassage>[0], lang: Lang) {
  const title = `A passage scored twice (${lang})`
  const assessment = await addPassage(request, { title, content: 'The brown dog ran to the park to play ball', language: 'en', minutes: 2 })
  const teacher = await login(request, SAMPLE_HOST, SAMPLE_USERS.teacher, E2E.samplePassword)
  const c = await sampleClass(request, teacher, 'Grade 1 A')
  const kid = await call<{ id: number }>(request, SAMPLE_HOST, 'POST', api.students(c.school.id, c.year.id), teacher, {
    first_name: `Scored${lang}`, last_name: 'Twice', arabic_name: 'مصحح مرتين', enrollment_code: lang === 'en' ? 'SMPL-92701' : 'SMPL-92702', class_relation: c.cls.id,
  })
  const sitting = await call<{ id: number }>(request, SAMPLE_HOST, 'POST', api.sittings, teacher, {
    student: kid.id, assessment, class: c.cls.id, academic_year: c.year.id, created_in_device_at: '2026-11-04T09:00:00+03:00', duration: 60, audio: WEBM,
    marks: [{ word_index: 1, miscue: 'omission' }, { word_index: 3, miscue: 'substitution', said: 'run' }],
  })
  return { title, reportPath: `/report/${kid.id}/student/${sitting.id}` }
}

/** The taxonomy's names of the types used here (data, not the catalog). */
const TYPE_NAMES = { Substitution: 'استبدال', Omission: 'حذف' } as const
const typeName = (lang: Lang, english: keyof typeof TYPE_NAMES) => (lang === 'ar' ? TYPE_NAMES[english] : english)

async function pen(page: Page, name: string) {
  await page.getByRole('radio', { name: new RegExp(name) }).check({ force: true })
}

for (const lang of ['en', 'ar'] as Lang[]) {
  test(`${lang}: a coach scores a reading blind from its audio and compares the two scorings`, async ({ page, request }) => {
    const L = (s: string) => (lang === 'ar' ? ar(s) : s)
    const r = await reading(request, lang)
    await signIn(page, SAMPLE_USERS.schoolAdmin)
    if (lang === 'ar') await switchLanguage(page, 'العربية')

    await page.goto(r.reportPath)
    await page.getByRole('link', { name: L('Score it blind from the recording') }).click()
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
  })
}
