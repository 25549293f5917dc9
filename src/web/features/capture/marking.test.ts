// Marking a passage as a teacher does, then the figures the screen shows and the body it sends, against sittings
// worked out by hand (English and Arabic). The figures come from the shared calculation the server stores.
import { describe, expect, it } from 'vitest'
import { BUILT_IN_PROFILES, STANDARD_RULES } from '../../../shared/reports/scoring-profile'
import { DEFAULT_MISCUE_TYPES } from '../../../shared/reports/miscue-types'
import type { MiscueType } from '../../../shared/schemas/scoring'
import type { CaptureRecord } from './capture-record'
import * as M from '../../components/marking/marking'
import { captureFigures, sittingBody } from './sitting-body'

const TYPES: MiscueType[] = DEFAULT_MISCUE_TYPES.map((t, i) => ({
  ...t, id: i + 1, language: t.language ?? null, scoring_class: t.scoring_class ?? null, active: true, own: false, updated_at: '2026-01-01T00:00:00.000Z',
}))
const byCode = (code: string) => TYPES.find((t) => t.code === code)!
const isError = (code: string) => byCode(code).counts_as_error
const ERRORS = TYPES.filter((t) => t.counts_as_error && t.code !== 'insertion' && t.language === null).map((t) => t.code)

function record(o: { content: string; direction?: 'ltr' | 'rtl'; marking: M.Marking; seconds: number; rules?: typeof STANDARD_RULES; textLevel?: string }): CaptureRecord {
  return {
    id: 'c1', owner: 'sample.localhost|4', schoolId: 1, yearId: 2, classId: 3, className: 'Grade 1 A', studentId: 5, studentName: 'Sara Ahmed', studentArabicName: 'سارة أحمد',
    assessment: { id: 9, title: 'Passage', content: o.content, direction: o.direction ?? 'ltr', duration_seconds: 120 },
    types: TYPES, profile: { id: 1, version: 3, rules: o.rules ?? STANDARD_RULES, display_name: 'Standard', arabic_display_name: 'قياسي' },
    textLevel: o.textLevel ?? null, marks: [...o.marking.marks], lastWord: o.marking.lastWord, phase: 'finished', elapsedMs: o.seconds * 1000, startedAt: '2026-11-02T08:00:00.000Z',
    recordAudio: false, audio: { segments: 0, bytes: 0, type: null }, notes: '  Good expression  ', createdAt: 0, updatedAt: 0,
  }
}

describe('marking a word', () => {
  const start = M.EMPTY_MARKING
  it('a word carries one error: another error type replaces it, the same one clears it', () => {
    let m = M.applyPen(start, 2, byCode('substitution'), isError)
    m = M.applyPen(m, 2, byCode('omission'), isError)
    expect(m.marks).toEqual([{ word_index: 2, miscue: 'omission', self_corrected: false }])
    expect(M.applyPen(m, 2, byCode('omission'), isError).marks).toEqual([])
  })

  it('types that are not errors sit beside an error and toggle on their own', () => {
    let m = M.applyPen(start, 4, byCode('told'), isError)
    m = M.applyPen(m, 4, byCode('hesitation'), isError)
    m = M.applyPen(m, 4, byCode('repetition'), isError)
    expect(m.marks.map((x) => x.miscue)).toEqual(['hesitation', 'repetition', 'told'])
    expect(M.applyPen(m, 4, byCode('hesitation'), isError).marks.map((x) => x.miscue)).toEqual(['repetition', 'told'])
  })

  it("the self-correction pen corrects the word's error, or notes a self-correction on a word without one", () => {
    let m = M.applyPen(start, 1, byCode('mispronunciation'), isError)
    m = M.applyPen(m, 1, byCode('self_correction'), isError)
    expect(m.marks).toEqual([{ word_index: 1, miscue: 'mispronunciation', self_corrected: true }])
    expect(M.applyPen(m, 1, byCode('self_correction'), isError).marks[0]!.self_corrected).toBe(false)
    expect(M.applyPen(start, 6, byCode('self_correction'), isError).marks).toEqual([{ word_index: 6, miscue: 'self_correction', self_corrected: false }])
  })

  it("an insertion belongs to the gap before a word and leaves the word's own error alone", () => {
    let m = M.applyPen(start, 3, byCode('substitution'), isError)
    m = M.applyPen(m, 3, byCode('insertion'), isError)
    expect(M.wordError(m, 3, isError)?.miscue).toBe('substitution')
    expect(m.marks.map((x) => x.miscue)).toEqual(['insertion', 'substitution'])
    // Each further tap on the gap is one more inserted word (each an error), up to five; the next tap clears it.
    const counts: (number | undefined)[] = []
    for (let i = 0; i < 5; i++) {
      m = M.stepInsertion(m, 3)
      counts.push(m.marks.find((x) => x.miscue === 'insertion')?.words)
    }
    expect(counts).toEqual([2, 3, 4, 5, undefined])
    expect(m.marks.map((x) => x.miscue)).toEqual(['substitution'])
  })

  it('the self-correction pen leaves a told word told: the teacher supplied it, so the reader did not correct it', () => {
    const told = M.applyPen(start, 2, byCode('told'), isError)
    expect(M.applyPen(told, 2, byCode('self_correction'), isError)).toBe(told)
    expect(M.toggleSelfCorrection(told, 2, isError).marks).toEqual([{ word_index: 2, miscue: 'told', self_corrected: false }])
  })

  it('cycles a word through the error types and back to none', () => {
    let m = start
    const seen: string[] = []
    for (let i = 0; i <= ERRORS.length; i++) {
      m = M.cycleError(m, 0, ERRORS, isError)
      seen.push(M.wordError(m, 0, isError)?.miscue ?? 'none')
    }
    expect(seen).toEqual([...ERRORS, 'none'])
  })

  it('undo and redo walk every change; a change that changes nothing is not a step', () => {
    let h = M.startHistory(start)
    h = M.commit(h, M.applyPen(h.present, 0, byCode('told'), isError))
    h = M.commit(h, M.setLastWord(h.present, 7))
    h = M.commit(h, M.setLastWord(h.present, 7))
    expect(h.past).toHaveLength(2)
    h = M.undo(h)
    expect(h.present.lastWord).toBeNull()
    h = M.undo(h)
    expect(h.present.marks).toEqual([])
    expect(M.undo(h)).toBe(h)
    h = M.redo(M.redo(h))
    expect(h.present).toEqual({ marks: [{ word_index: 0, miscue: 'told', self_corrected: false }], lastWord: 7 })
    // A new change after undo drops the redo branch.
    h = M.commit(M.undo(h), M.setLastWord(h.present, 3))
    expect(h.future).toEqual([])
  })
})

describe('a whole English sitting, marked as on the screen', () => {
  // 16 words: Tom(0) and his dog ran to the park to play with a big red ball today(15)
  const ENGLISH = 'Tom and his dog ran to the park to play with a big red ball today'
  function mark(): M.Marking {
    let m = M.EMPTY_MARKING
    m = M.applyPen(m, 1, byCode('substitution'), isError)
    m = M.applyPen(m, 3, byCode('omission'), isError)
    m = M.applyPen(m, 5, byCode('insertion'), isError)
    m = M.applyPen(m, 7, byCode('told'), isError)
    m = M.applyPen(m, 9, byCode('mispronunciation'), isError)
    m = M.applyPen(m, 11, byCode('substitution'), isError)
    m = M.applyPen(m, 11, byCode('self_correction'), isError)
    m = M.applyPen(m, 12, byCode('hesitation'), isError)
    m = M.applyPen(m, 15, byCode('told'), isError) // after the last word: kept, not scored
    return M.setLastWord(m, 13)
  }

  it('scores N = 14, E = 5, SC = 1 → 9 correct, 64 %, 18 WCPM in 30 s, frustration', () => {
    const f = captureFigures(record({ content: ENGLISH, marking: mark(), seconds: 30 }))
    expect(f).toMatchObject({ total_question: 16, total_attempted: 14, error_count: 5, self_correction_count: 1, total_correct: 9, accuracy: 64.29, score: 64, wcpm: 18, band: 'frustration', error_rate: 3, self_correction_ratio: 6 })
  })

  it('sends the words reached, the marks on them, the time, the notes and the profile version it was scored with', () => {
    const body = sittingBody(record({ content: ENGLISH, marking: mark(), seconds: 29.6 }))
    expect(body).toEqual({
      student: 5, assessment: 9, class: 3, academic_year: 2, created_in_device_at: '2026-11-02T08:00:00.000Z', duration: 30, total_attempted: 14,
      marks: [
        { word_index: 1, miscue: 'substitution', self_corrected: false }, { word_index: 3, miscue: 'omission', self_corrected: false },
        { word_index: 5, miscue: 'insertion', self_corrected: false }, { word_index: 7, miscue: 'told', self_corrected: false },
        { word_index: 9, miscue: 'mispronunciation', self_corrected: false }, { word_index: 11, miscue: 'substitution', self_corrected: true },
        { word_index: 12, miscue: 'hesitation', self_corrected: false },
      ],
      notes: 'Good expression', scoring_profile: { id: 1, version: 3 },
      scored_types: TYPES.map((t) => ({ code: t.code, counts_as_error: t.counts_as_error })),
    })
  })

  it('sends the words an insertion holds, and counts each against accuracy', () => {
    const three = M.stepInsertion(M.stepInsertion(mark(), 5), 5)
    const r = record({ content: ENGLISH, marking: three, seconds: 30 })
    expect(sittingBody(r).marks?.find((x) => x.miscue === 'insertion')).toEqual({ word_index: 5, miscue: 'insertion', self_corrected: false, words: 3 })
    // E = 5 - 1 + 3 = 7 of N = 14 → 7 correct, 50 %.
    expect(captureFigures(r)).toMatchObject({ error_count: 7, total_correct: 7, score: 50 })
  })

  it('F&P: the level of the text read picks the bands live, and is sent with the sitting', () => {
    // The whole passage with one substitution: 15 of 16 = 93.75 %: instructional at level C (A-K 95/90),
    // frustration at level M (L-Z 98/95).
    const one = M.applyPen(M.EMPTY_MARKING, 2, byCode('substitution'), isError)
    const rules = BUILT_IN_PROFILES.find((p) => p.code === 'fountas-pinnell')!.rules
    expect(captureFigures(record({ content: ENGLISH, marking: one, seconds: 60, rules, textLevel: 'C' })).band).toBe('instructional')
    const m = record({ content: ENGLISH, marking: one, seconds: 60, rules, textLevel: 'M' })
    expect(captureFigures(m)).toMatchObject({ accuracy: 93.75, band: 'frustration' })
    expect(sittingBody(m).text_level).toBe('M')
  })

  it('while the last word is not marked, the whole passage counts (live figures during the reading)', () => {
    const live = captureFigures(record({ content: ENGLISH, marking: { ...mark(), lastWord: null }, seconds: 60 }))
    // N = 16, E = 6 (the told after word 13 now counts) → 10 correct, 63 %, 10 WCPM
    expect(live).toMatchObject({ total_attempted: 16, error_count: 6, total_correct: 10, score: 63, wcpm: 10 })
  })
})

describe('a whole Arabic sitting, marked as on the screen', () => {
  // 10 words, right to left; only "الْوَلَدُ" (1) and "الْكِتَابَ" (4) carry diacritics.
  const ARABIC = 'قرأ الْوَلَدُ في المكتبة الْكِتَابَ ثم رجع إلى بيته مسرورا'
  function mark(): M.Marking {
    let m = M.EMPTY_MARKING
    m = M.applyPen(m, 1, byCode('short_vowel'), isError)
    m = M.applyPen(m, 2, byCode('short_vowel'), isError)
    m = M.applyPen(m, 4, byCode('case_ending'), isError)
    m = M.applyPen(m, 5, byCode('hamza'), isError)
    m = M.applyPen(m, 6, byCode('taa_marbuta'), isError)
    m = M.applyPen(m, 7, byCode('confusable_letters'), isError)
    m = M.applyPen(m, 7, byCode('self_correction'), isError)
    m = M.stepInsertion(m, 8)
    return M.setLastWord(m, 9)
  }

  it('standard profile: every Arabic error counts → E = 6, SC = 1, 4 of 10 = 40 %, 8 WCPM in 30 s', () => {
    expect(captureFigures(record({ content: ARABIC, direction: 'rtl', marking: mark(), seconds: 30 }))).toMatchObject({ error_count: 6, self_correction_count: 1, total_correct: 4, score: 40, wcpm: 8 })
  })

  it('EGRA Arabic: the unwritten short vowel, the case ending and the insertion are set aside → E = 3, 70 %, 14 WCPM', () => {
    const rules = BUILT_IN_PROFILES.find((p) => p.code === 'egra-arabic')!.rules
    expect(captureFigures(record({ content: ARABIC, direction: 'rtl', marking: mark(), seconds: 30, rules }))).toMatchObject({ error_count: 3, self_correction_count: 1, total_correct: 7, score: 70, wcpm: 14, band: 'frustration' })
  })
})

describe('what the child said, the cues, a name and a letter (ADR 0121)', () => {
  const ENGLISH = 'Tom and his dog ran to the park'
  const marked = () => M.applyPen(M.applyPen({ marks: [], lastWord: 7 }, 0, byCode('substitution'), isError), 3, byCode('short_vowel'), isError)

  it('keeps the details on the mark, sends them, and removes a detail set to nothing', () => {
    let m = M.describeMark(marked(), 0, 'substitution', { said: ' Tim ', cues: ['visual', 'structure'], proper_noun: true })
    m = M.describeMark(m, 3, 'short_vowel', { letter_index: 1 })
    const body = sittingBody(record({ content: ENGLISH, marking: m, seconds: 30 }))
    expect(body.marks).toEqual([
      { word_index: 0, miscue: 'substitution', self_corrected: false, said: 'Tim', cues: ['visual', 'structure'], proper_noun: true },
      { word_index: 3, miscue: 'short_vowel', self_corrected: false, letter_index: 1 },
    ])
    const cleared = M.describeMark(m, 0, 'substitution', { said: undefined, cues: undefined })
    expect(cleared.marks[0]).toEqual({ word_index: 0, miscue: 'substitution', self_corrected: false, proper_noun: true })
  })

  it('makes each change of the details a step that undo walks back', () => {
    const start = M.startHistory(marked())
    const next = M.commit(start, M.describeMark(start.present, 0, 'substitution', { cues: ['meaning'] }))
    expect(next).not.toBe(start)
    expect(M.undo(next).present.marks[0]!.cues).toBeUndefined()
  })
})
