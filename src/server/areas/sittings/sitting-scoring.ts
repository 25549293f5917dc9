// A sitting's marks checked against its passage and taxonomy, then scored once: the one calculation gives the
// figures stored with the sitting and, for each mark, whether the reader corrected it and the type the reports
// count it under. Recording, a correction, a rescore and a second scoring all go through scoredSitting.
import type { Db } from '../../db/client'
import type { sittingMarks } from '../../db/schema/sittings'
import { HttpError } from '../../lib/http-error'
import type { Lang } from '../../lib/messages'
import { isSelfCorrection } from '../../../shared/reports/figures'
import { scoreSittingOfKind } from '../../../shared/reports/assessment-kinds'
import { INSERTION, SELF_CORRECTION } from '../../../shared/reports/miscue-types'
import { CODES } from '../../../shared/schemas/codes'
import type { SittingValues } from '../../../shared/schemas/sitting'
import type { MiscueType } from '../../../shared/schemas/scoring'
import { cueCategoriesOf } from '../../domain/scoring'
import { SITTING_MESSAGES as M } from './sittings.messages'

type SittingMarkValues = SittingValues['marks'][number]
export type CheckedMark = SittingMarkValues & { type: MiscueType; counted: MiscueType }

/** A 400 naming the field, in the caller's language. */
export const refused = (lang: Lang, field: string, message: { en: string; ar: string }, code: string = CODES.invalidChoice) => HttpError.say(400, message, lang, field, code)

/** What scoring a sitting takes, with what checking its marks takes besides. */
export type SittingToScore = Omit<Parameters<typeof scoreSittingOfKind>[0], 'marks' | 'types' | 'total_question'> & {
  marks: SittingMarkValues[]; types: MiscueType[]; total_question: number
  /** The passage's words ([] for a PDF passage). */
  words: string[]
  /** Each cue category's language ('ar': Arabic passages only). */
  cueLanguage: Map<string, string | null>; direction: 'ltr' | 'rtl'
}

/** Each cue category's language, for checking the cues of marks. */
export async function cueLanguages(db: Db, institutionId: number): Promise<Map<string, string | null>> {
  return new Map((await cueCategoriesOf(db, institutionId)).map((c) => [c.code, c.language]))
}

/** The type of each mark, once the marks are checked against the passage and taxonomy (400 otherwise). */
function markTypes(lang: Lang, c: SittingToScore): MiscueType[] {
  const byCode = new Map(c.types.map((t) => [t.code, t]))
  const seen = new Set<string>()
  return c.marks.map((m, i) => {
    const type = byCode.get(m.miscue)
    if (!type) throw refused(lang, `marks.${i}.miscue`, M.miscueUnknown(m.miscue))
    if (m.word_index >= c.total_question) throw refused(lang, `marks.${i}.word_index`, M.markPastPassage(m.word_index, c.total_question), CODES.tooLarge)
    if (m.word_index >= c.total_attempted) throw refused(lang, `marks.${i}.word_index`, M.markPastAttempted(m.word_index, c.total_attempted), CODES.tooLarge)
    if (m.words > 1 && type.code !== INSERTION) throw refused(lang, `marks.${i}.words`, M.wordsOnlyOnInsertion(m.word_index))
    const key = `${m.word_index}:${m.miscue}`
    if (seen.has(key)) throw refused(lang, `marks.${i}.miscue`, M.markTwice(m.word_index))
    seen.add(key)
    m.cues.forEach((code, j) => {
      if (!c.cueLanguage.has(code)) throw refused(lang, `marks.${i}.cues.${j}`, M.cueUnknown(code))
      if (c.cueLanguage.get(code) === 'ar' && c.direction !== 'rtl') throw refused(lang, `marks.${i}.cues.${j}`, M.cueNotForPassage(code))
    })
    return type
  })
}

/**
 * The sitting's marks checked (400 otherwise) and the sitting scored once: its figures, comprehension and level
 * decision, and each mark with whether it was corrected and the type the reports count it under.
 */
export function scoredSitting(lang: Lang, sitting: SittingToScore) {
  const types = markTypes(lang, sitting)
  const { marks: scored, ...result } = scoreSittingOfKind(sitting)
  const selfCorrection = sitting.types.find((t) => t.code === SELF_CORRECTION)
  const marks: CheckedMark[] = sitting.marks.map((m, i) => {
    const mark = scored[i]!
    return { ...m, type: types[i]!, counted: isSelfCorrection(mark) && selfCorrection ? selfCorrection : types[i]!, self_corrected: mark.self_corrected }
  })
  return { ...result, marks }
}

/** The sitting_marks rows of checked marks. */
export function markRows(sittingId: number, marks: CheckedMark[]): (typeof sittingMarks.$inferInsert)[] {
  return marks.map((m) => ({
    sitting_id: sittingId, word_index: m.word_index, miscue_type_id: m.type.id, self_corrected: m.self_corrected, counted_type_id: m.counted.id,
    words: m.words, proper_noun: m.proper_noun, letter_index: m.letter_index ?? null, hesitated: m.hesitated, skipped_line: m.skipped_line,
    said: m.said || null, cues: [...new Set(m.cues)],
  }))
}

/**
 * The taxonomy as the device scored with it: a type whose "counts as error" the institution changed before the
 * sitting arrived (the tablet was offline, or had not fetched its kit again) keeps the flag the device sent, so the
 * stored figures are those the teacher saw; the difference is kept with the sitting and shown on its report.
 */
export function taxonomyAsScored(types: MiscueType[], sent: SittingValues['scored_types']): { types: MiscueType[]; flags: Record<string, boolean> | null } {
  const current = new Map(types.map((t) => [t.code, t]))
  const flags: Record<string, boolean> = {}
  for (const claim of sent ?? []) {
    const type = current.get(claim.code)
    if (type && type.counts_as_error !== claim.counts_as_error) flags[claim.code] = claim.counts_as_error
  }
  if (Object.keys(flags).length === 0) return { types, flags: null }
  return { types: types.map((t) => (t.code in flags ? { ...t, counts_as_error: flags[t.code]! } : t)), flags }
}
