// Changing a sitting after it was recorded (ADR 0123): its marks corrected, rescored with another profile,
// voided, or restored from a void. Each change is made on the version the caller read (an older one is refused as a conflict), keeps the
// state before and after with who, when and why in sitting_versions, and moves the sitting to the next version.
// The figures are computed by the one calculation, with the taxonomy flags the sitting was scored with.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { assessments, contentDisplayTypes } from '../../db/schema/tables'
import { sittingMarks, sittings, sittingVersions } from '../../db/schema/sittings'
import { HttpError } from '../../lib/http-error'
import { EDIT_CONFLICT } from '../../../shared/api'
import { passageWords } from '../../../shared/reports/figures'
import type { AssessmentKind } from '../../../shared/reports/assessment-kinds'
import { passageLanguage, STANDARD_RULES, type ScoringRules } from '../../../shared/reports/scoring-profile'
import { CODES } from '../../../shared/schemas/codes'
import type { Sitting, SittingMark, SittingValues } from '../../../shared/schemas/sitting'
import type { SittingChangeKind, SittingState, VersionFigures } from '../../../shared/schemas/sitting-version'
import { miscueTypesOf, resolveProfile } from '../../domain/scoring'
import { SITTING_MESSAGES as M } from './sittings.messages'
import type { InstitutionScope } from '../../domain/scope'
import { readSitting, sittingMarksOf } from './sittings.service'
import { cueLanguages, markRows, scoredSitting, taxonomyAsScored } from './sitting-scoring'

export type SittingRow = typeof sittings.$inferSelect
type Base = { version: number; reason: string }
export type SittingChange =
  | (Base & { kind: 'corrected'; marks: SittingValues['marks'] })
  | (Base & { kind: 'rescored'; scoring_profile: { id: number; version: number } })
  | (Base & { kind: 'voided' })
  | (Base & { kind: 'restored' })

const FIGURES: (keyof VersionFigures)[] = [
  'total_question', 'total_attempted', 'total_correct', 'error_count', 'fluency_error_count', 'self_correction_count',
  'accuracy', 'score', 'wcpm', 'clpm', 'error_rate', 'self_correction_ratio', 'band', 'level_decision',
]

export function figuresOf(row: SittingRow): VersionFigures {
  return Object.fromEntries(FIGURES.map((k) => [k, k === 'accuracy' ? Number(row[k]) : row[k]])) as VersionFigures
}

async function stateOf(tx: Db, row: SittingRow): Promise<SittingState> {
  return {
    marks: await sittingMarksOf(tx, row.id),
    figures: figuresOf(row),
    scoring_profile: row.scoring_profile_id !== null && row.scoring_profile_version !== null ? { id: row.scoring_profile_id, version: row.scoring_profile_version } : null,
    voided: row.voided_at !== null,
  }
}

/**
 * Applies one change to the sitting of this school and class and answers the sitting as it now is. `alongside`
 * runs in the same transaction once the version is written (a settling marks its second scoring settled).
 */
export async function changeSitting(
  s: InstitutionScope, id: number, where: { schoolId: number; classId: number }, change: SittingChange,
  alongside?: (tx: Db, version: number) => Promise<void>,
): Promise<Sitting> {
  const schools = await s.schools() // before the transaction: through it on PGlite's one connection
  const conflict = await s.db.transaction(async (rawTx): Promise<number | null> => {
    const tx = rawTx as unknown as Db
    const [row] = await tx.select().from(sittings).where(and(
      eq(sittings.id, id), eq(sittings.institution_id, s.institution.id), eq(sittings.school_id, where.schoolId), eq(sittings.class_id, where.classId),
    )).for('update')
    if (!row || (schools !== 'all' && !schools.includes(row.school_id))) throw HttpError.of(404, 'notFound', s.lang)
    if (s.user.role === 'teacher' && row.teacher_id !== s.user.id) throw HttpError.say(403, M.notYourSitting, s.lang)
    // A void sitting can only be restored; only a void sitting can be.
    if (row.voided_at && change.kind !== 'restored') throw new HttpError(409, [M.sittingVoid[s.lang]], undefined, { _: 'voided' })
    if (!row.voided_at && change.kind === 'restored') throw new HttpError(409, [M.sittingNotVoid[s.lang]], undefined, { _: 'not_voided' })
    if (row.version !== change.version) return row.version
    const before = await stateOf(tx, row)
    const values: Partial<typeof sittings.$inferInsert> = { version: row.version + 1 }
    if (change.kind === 'voided') {
      values.voided_at = new Date()
      values.void_reason = change.reason
    } else if (change.kind === 'restored') {
      values.voided_at = null
      values.void_reason = null
    } else {
      Object.assign(values, await rescored(s, tx, row, change, before.marks))
    }
    const [after] = await tx.update(sittings).set(values).where(eq(sittings.id, row.id)).returning()
    await tx.insert(sittingVersions).values({
      sitting_id: row.id,
      version: row.version + 1,
      kind: change.kind satisfies SittingChangeKind,
      made_by: s.user.id,
      made_by_name: `${s.user.first_name} ${s.user.last_name} <${s.user.email}>`,
      reason: change.reason,
      before,
      after: await stateOf(tx, after!),
    })
    await alongside?.(tx, row.version + 1)
    return null
  })
  // Read after the transaction: the answer carries the sitting as it is now, so the caller can compare.
  const current = (await readSitting(s, id))!
  if (conflict !== null) throw new HttpError(409, [M.versionConflict(change.version, conflict)[s.lang]], undefined, { _: EDIT_CONFLICT }, undefined, current)
  return current
}

/** New marks (a correction) or another profile (a rescore): the marks rewritten and the figures computed again. */
async function rescored(s: InstitutionScope, tx: Db, row: SittingRow, change: Extract<SittingChange, { kind: 'corrected' | 'rescored' }>, marksNow: SittingMark[]) {
  const profile = change.kind === 'rescored'
    ? await resolveProfile(tx, s.institution.id, passageLanguage(row.direction), change.scoring_profile)
    : await profileOf(s, tx, row)
  if (!profile) throw HttpError.say(400, M.profileUnknown, s.lang, 'scoring_profile', CODES.invalidChoice)
  const input = change.kind === 'corrected' ? change.marks : marksNow.map((m) => ({ ...m, letter_index: m.letter_index ?? undefined, said: m.said ?? '' }))
  const { marks, figures, level_decision } = await scoreMarksOn(s, tx, row, profile.rules, input)
  await tx.delete(sittingMarks).where(eq(sittingMarks.sitting_id, row.id))
  if (marks.length) await tx.insert(sittingMarks).values(markRows(row.id, marks))
  return { ...figures, level_decision, scoring_profile_id: profile.id, scoring_profile_version: profile.version }
}

/**
 * Marks checked and scored on a recorded sitting, with its passage, words reached, duration, taxonomy flags and
 * comprehension as recorded: a correction's, a rescore's, or a second scorer's (ADR 0128).
 */
export async function scoreMarksOn(s: InstitutionScope, db: Db, row: SittingRow, rules: ScoringRules, input: SittingValues['marks']) {
  const [assessment] = await db.select({ content: assessments.content, display: contentDisplayTypes.code }).from(assessments)
    .innerJoin(contentDisplayTypes, eq(contentDisplayTypes.id, assessments.content_display_type_id))
    .where(eq(assessments.id, row.assessment_id))
  const words = assessment?.display === 'text' ? passageWords(assessment.content) : []
  const flags = Object.entries(row.scored_flags ?? {}).map(([code, counts]) => ({ code, counts_as_error: counts }))
  const { types } = taxonomyAsScored(await miscueTypesOf(db, s.institution.id), flags)
  // The comprehension step stays as the teacher scored it; the level decision follows the new accuracy.
  const { marks, figures, level_decision } = scoredSitting(s.lang, {
    kind: row.kind as AssessmentKind, rules, content: assessment?.display === 'text' ? assessment.content : '', words,
    total_question: row.total_question, total_attempted: row.total_attempted, duration_seconds: row.duration_seconds, marks: input, types,
    text_level: row.text_level, bracket_word: row.bracket_word, discontinued: row.discontinued,
    comprehension: row.comprehension ? { step: { kind: row.comprehension.kind, items: row.comprehension.items }, given: row.comprehension.items.map((i) => i.given) } : null,
    cueLanguage: await cueLanguages(db, s.institution.id), direction: row.direction === 'rtl' ? 'rtl' : 'ltr',
  })
  return { marks, words, figures, level_decision }
}

/** The profile version the sitting was scored with; a sitting from before profiles keeps the standard rules. */
export async function profileOf(s: InstitutionScope, tx: Db, row: SittingRow): Promise<{ id: number | null; version: number | null; rules: ScoringRules } | null> {
  if (row.scoring_profile_id === null || row.scoring_profile_version === null) return { id: null, version: null, rules: STANDARD_RULES }
  return resolveProfile(tx, s.institution.id, passageLanguage(row.direction), { id: row.scoring_profile_id, version: row.scoring_profile_version })
}
