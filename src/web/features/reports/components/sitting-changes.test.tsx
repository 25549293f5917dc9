// Correcting a recorded sitting marks as capture does (ADR 0123): the shared marking board sets a self-correction,
// what the child said, the cues, a name and the number of inserted words in a gap, and the correction sent keeps
// them all; the words after the last one read take no marks. A void sitting offers only its restore, sent through
// the outbox, and its history shows the restore. In English and Arabic.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_CUE_CATEGORIES } from '../../../../shared/reports/cue-categories'
import { DEFAULT_MISCUE_TYPES } from '../../../../shared/reports/miscue-types'
import type { Sitting } from '../../../../shared/schemas/sitting'
import { MiscueDb } from '../../../lib/db/db'
import { activateLanguage } from '../../../lib/i18n/i18n'
import { Outbox } from '../../../lib/sync/outbox'
import { OutboxProvider } from '../../../lib/sync/outbox-context'
import { createMemoryLock } from '../../../lib/sync/replay-lock'
import { renderWithI18n } from '../../../test-utils'
import { sittingKeys } from '../sitting-queries'
import { SittingChanges } from './sitting-changes'
import { SittingTrailCard } from './sitting-trail-card'

const OWNER = 'sample.localhost|4'
const TYPES = DEFAULT_MISCUE_TYPES.map((t, i) => ({ ...t, id: i + 1, language: t.language ?? null, scoring_class: t.scoring_class ?? null, active: true, own: false, updated_at: '2026-01-01T00:00:00.000Z' }))
const CUES = DEFAULT_CUE_CATEGORIES.map((c, i) => ({ ...c, id: i + 1 })).filter((c) => c.language === null)
const NO_MARK = { self_corrected: false, words: 1, proper_noun: false, letter_index: null, hesitated: false, skipped_line: false, said: null, cues: [] }

/** "Tom and his dog ran to the park", read to "the" (7 words), "and" marked as a substitution when it was recorded. */
const sitting = {
  id: 3, school: 1, class: 2, student: 7, student_name: 'Sara Ahmed', version: 1, direction: 'ltr',
  words: ['Tom', 'and', 'his', 'dog', 'ran', 'to', 'the', 'park'], lines: [{ start: 0, length: 4 }, { start: 4, length: 4 }],
  total_attempted: 7, bracket_word: null, scored_flags: null, cue_categories: CUES,
  marks: [{ ...NO_MARK, word_index: 1, miscue: 'substitution' }],
  scoring_profile: { id: 1, version: 1, display_name: 'Standard', arabic_display_name: 'قياسي' },
} as unknown as Sitting

let db: MiscueDb
let outbox: Outbox

function show(shown: Sitting = sitting) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  client.setQueryData(sittingKeys.choices(), { types: TYPES, scoring: { profiles: [], defaults: {} } })
  renderWithI18n(
    <QueryClientProvider client={client}>
      <OutboxProvider outbox={outbox}><SittingChanges sitting={shown} /></OutboxProvider>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  db = new MiscueDb(`sitting-changes-${crypto.randomUUID()}`)
  outbox = new Outbox({ db, isOnline: () => false, currentOwner: () => OWNER, lock: createMemoryLock(), channel: null, schedule: () => () => {} })
})
afterEach(() => {
  cleanup()
  localStorage.removeItem('language')
  activateLanguage('en')
})

const L = {
  en: { correct: 'Correct the marks', sc: 'Self-correction', insertion: 'Insertion', substitution: 'Substitution', pick: 'Pick what the child said', said: 'What the child said',
    meaning: 'Meaning', visual: 'Visual', name: 'A name (proper noun)', reason: 'Reason for the change', save: 'Save the correction', lastWord: 'Last word read', gap: 'Mark an insertion before word 3',
    passage: 'Passage, word by word' },
  ar: { correct: 'تصحيح العلامات', sc: 'تصحيح ذاتي', insertion: 'إضافة', substitution: 'استبدال', pick: 'اختر ما قاله الطفل', said: 'ما قاله الطفل',
    meaning: 'المعنى', visual: 'الشكل المرئي', name: 'اسم علم', reason: 'سبب التغيير', save: 'حفظ التصحيح', lastWord: 'آخر كلمة مقروءة', gap: 'تحديد إضافة قبل الكلمة 3',
    passage: 'النص، كلمة كلمة' },
}

describe('correcting a sitting on the shared marking board', () => {
  it.each(['en', 'ar'] as const)('%s: sets a self-correction, what was said, cues, a name and two inserted words, and sends them all', async (lang) => {
    localStorage.setItem('language', lang)
    activateLanguage(lang)
    const t = L[lang]
    const user = userEvent.setup()
    show()
    await user.click(screen.getByRole('button', { name: t.correct }))

    // Capture's passage and pens, without "last word read": how far the child read is not corrected here.
    expect(within(await screen.findByRole('group', { name: t.passage })).getByTestId('word-0').textContent).toBe('Tom')
    const pens = await screen.findAllByRole('radio')
    expect(pens.map((p) => p.getAttribute('value'))).toContain('self_correction')
    expect(screen.queryByRole('radio', { name: new RegExp(t.lastWord) })).toBeNull()

    // "and" (recorded as a substitution): the child said "an", a meaning cue, and it is a name.
    const and = within(screen.getByTestId('mark-details-1'))
    await user.click(within(and.getByRole('group', { name: t.pick })).getByRole('button', { name: 'an' }))
    await user.click(and.getByRole('button', { name: new RegExp(t.meaning) }))
    await user.click(and.getByRole('checkbox', { name: t.name }))
    // ... and the child corrected it.
    await user.click(screen.getByRole('radio', { name: new RegExp(`^${t.sc}`) }))
    await user.click(screen.getByTestId('word-1'))
    expect(screen.getByTestId('word-1').dataset.marks).toBe('substitution+sc')

    // Two words inserted before "his": the gap tapped twice.
    await user.click(screen.getByRole('radio', { name: t.insertion }))
    await user.click(screen.getByRole('button', { name: t.gap }))
    await user.click(screen.getByTestId('gap-2'))
    expect(screen.getByTestId('gap-2').textContent).toContain('2')

    // "dog" read as "dig": a visual cue.
    await user.click(screen.getByRole('radio', { name: t.substitution }))
    await user.click(screen.getByTestId('word-3'))
    const dog = within(screen.getByTestId('mark-details-3'))
    await user.type(dog.getByRole('textbox', { name: t.said }), 'dig')
    await user.click(dog.getByRole('button', { name: new RegExp(t.visual) }))
    // "park" was not reached: it takes no mark.
    await user.click(screen.getByTestId('word-7'))
    expect(screen.getByTestId('word-7').dataset.marks).toBeUndefined()

    await user.type(screen.getByRole('textbox', { name: t.reason }), 'Re-listened to the recording')
    await user.click(screen.getByRole('button', { name: t.save }))
    expect(screen.queryByRole('alert')).toBeNull()
    const [item] = await vi.waitFor(async () => {
      const items = await db.outbox.toArray()
      expect(items).toHaveLength(1)
      return items
    })
    expect(item).toMatchObject({ method: 'POST', path: '/api/school/1/class/2/sitting/3/correction/' })
    // Kept on the device: the form closes (and the send is over before the test ends).
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: t.save })).toBeNull())
    expect(item!.body).toEqual({
      version: 1, reason: 'Re-listened to the recording',
      marks: [
        { word_index: 1, miscue: 'substitution', self_corrected: true, said: 'an', cues: ['meaning'], proper_noun: true, words: 1, hesitated: false, skipped_line: false },
        { word_index: 2, miscue: 'insertion', self_corrected: false, words: 2, proper_noun: false, hesitated: false, skipped_line: false, said: '', cues: [] },
        { word_index: 3, miscue: 'substitution', self_corrected: false, said: 'dig', cues: ['visual'], words: 1, proper_noun: false, hesitated: false, skipped_line: false },
      ],
    })
  })

  it('opens on a report kept on the device before it carried cue categories and lines', async () => {
    const user = userEvent.setup()
    const { cue_categories: _cues, lines: _lines, ...kept } = sitting
    show(kept as Sitting)
    await user.click(screen.getByRole('button', { name: 'Correct the marks' }))
    await user.click(await screen.findByTestId('word-3'))
    expect(screen.getByTestId('word-3').dataset.marks).toBe('substitution')
    expect(within(screen.getByTestId('mark-details-3')).getByRole('textbox', { name: 'What the child said' })).toBeTruthy()
  })
})

const R = {
  en: { restore: 'Restore this reading record', send: 'Restore', reason: 'Reason for the change', correct: 'Correct the marks', void: 'Void this reading record', restored: 'Restored' },
  ar: { restore: 'استعادة سجل القراءة هذا', send: 'استعادة', reason: 'سبب التغيير', correct: 'تصحيح العلامات', void: 'إلغاء سجل القراءة هذا', restored: 'استُعيد' },
}

describe('restoring a void reading record', () => {
  it.each(['en', 'ar'] as const)('%s: a void sitting offers only its restore, which asks for a reason and goes through the outbox', async (lang) => {
    localStorage.setItem('language', lang)
    activateLanguage(lang)
    const t = R[lang]
    const user = userEvent.setup()
    show({ ...sitting, version: 2, voided: { at: '2026-10-02T08:00:00.000Z', reason: 'Recorded on the wrong child' } } as Sitting)
    expect(screen.queryByRole('button', { name: t.correct })).toBeNull()
    expect(screen.queryByRole('button', { name: t.void })).toBeNull()
    await user.click(screen.getByRole('button', { name: t.restore }))
    // No reason: refused on the device, nothing queued.
    await user.click(screen.getByRole('button', { name: t.send }))
    expect(screen.getByRole('alert').textContent).not.toBe('')
    expect(await db.outbox.count()).toBe(0)

    await user.type(screen.getByRole('textbox', { name: t.reason }), 'It was the right child after all')
    await user.click(screen.getByRole('button', { name: t.send }))
    const [item] = await vi.waitFor(async () => {
      const items = await db.outbox.toArray()
      expect(items).toHaveLength(1)
      return items
    })
    expect(item).toMatchObject({ entity: 'sitting-correction', method: 'POST', path: '/api/school/1/class/2/sitting/3/restore/' })
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: t.send })).toBeNull())
    expect(item!.body).toEqual({ version: 2, reason: 'It was the right child after all' })
  })

  it.each(['en', 'ar'] as const)('%s: the history shows the restore after the void, without figures', (lang) => {
    localStorage.setItem('language', lang)
    activateLanguage(lang)
    const state = (voided: boolean) => ({ marks: [], figures: { score: 80, error_count: 2, wcpm: 8 }, scoring_profile: null, voided })
    const change = (version: number, kind: string, reason: string) => ({
      version, kind, reason, made_by: 4, made_by_name: 'Sample Admin <school.admin@sample.test>', made_at: '2026-10-03T08:00:00.000Z',
      before: state(kind === 'restored'), after: state(kind === 'voided'),
    })
    renderWithI18n(<SittingTrailCard trail={[change(2, 'voided', 'Recorded on the wrong child'), change(3, 'restored', 'It was the right child after all')] as unknown as Sitting['trail']} />)
    const items = within(screen.getByTestId('sitting-trail')).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[1]!.textContent).toContain(R[lang].restored)
    expect(items[1]!.textContent).toContain('It was the right child after all')
    expect(items[1]!.textContent).toContain('Sample Admin')
    expect(items[1]!.textContent).not.toContain('80%')
  })
})
