// A second scoring of a sitting (issue 27, ADR 0128): school staff, or a teacher other than the one who recorded
// it, scores the reading blind from its recording; their marks are kept beside the sitting's own (one per scorer,
// saving again replaces them) and compared word by word with the shared agreement calculation.
import { and, asc, eq, isNull } from 'drizzle-orm'
import { assessments, contentDisplayTypes } from '../../db/schema/tables'
import { secondScoringRequests, secondScorings, sittings } from '../../db/schema/sittings'
import { HttpError } from '../../lib/http-error'
import { passageLines, passageWords } from '../../../shared/reports/figures'
import { cueCategoriesOf } from '../../domain/scoring'
import { figuresDifference, scoringAgreement } from '../../../shared/reports/scorer-agreement'
import type { Band } from '../../../shared/reports/figures'
import type { SittingMark, SittingValues } from '../../../shared/schemas/sitting'
import type { BlindSitting, ScoringComparison, SecondScoring } from '../../../shared/schemas/second-scoring'
import type { VersionFigures } from '../../../shared/schemas/sitting-version'
import { CODES } from '../../../shared/schemas/codes'
import { SITTING_MESSAGES as M } from './sittings.messages'
import type { InstitutionScope } from '../../domain/scope'
import { audioUrl, readSitting, sittingMarksOf } from './sittings.service'
import { figuresOf, profileOf, scoreMarksOn, type SittingRow } from './sitting-version.service'

export type Where = { schoolId: number; classId: number }

/** The sitting of this school and class the user may reach (404 otherwise), with its passage's words. */
export async function sittingOf(s: InstitutionScope, id: number, where: Where): Promise<{ row: SittingRow; words: string[]; content: string }> {
  const [found] = await s.db.select({ row: sittings, content: assessments.content, display: contentDisplayTypes.code }).from(sittings)
    .innerJoin(assessments, eq(assessments.id, sittings.assessment_id))
    .innerJoin(contentDisplayTypes, eq(contentDisplayTypes.id, assessments.content_display_type_id))
    .where(and(eq(sittings.id, id), eq(sittings.institution_id, s.institution.id), eq(sittings.school_id, where.schoolId), eq(sittings.class_id, where.classId)))
  const schools = await s.schools()
  if (!found || (schools !== 'all' && !schools.includes(found.row.school_id))) throw HttpError.of(404, 'notFound', s.lang)
  return { row: found.row, words: found.display === 'text' ? passageWords(found.content) : [], content: found.content }
}

/** A second scorer: school staff, or a teacher who did not record the sitting; only a passage that is not void. */
function assertSecondScorer(s: InstitutionScope, row: SittingRow, words: string[]) {
  if (s.user.role === 'teacher' && row.teacher_id === s.user.id) throw HttpError.say(403, M.notSecondScorer, s.lang)
  assertScorable(s, row, words)
}

/** Only a passage that is not void is scored a second time. */
export function assertScorable(s: InstitutionScope, row: SittingRow, words: string[]) {
  if (row.voided_at) throw new HttpError(409, [M.sittingVoid[s.lang]], undefined, { _: 'voided' })
  if (row.kind !== 'passage' || words.length === 0) throw new HttpError(409, [M.noPassageToScore[s.lang]], undefined, { _: CODES.invalidChoice })
}

export function secondOf(r: typeof secondScorings.$inferSelect): SecondScoring {
  return {
    id: r.id, sitting_id: r.sitting_id, sitting_version: r.sitting_version, scored_by: r.scored_by, scored_by_name: r.scored_by_name,
    scored_at: r.scored_at.toISOString(), marks: r.marks, figures: r.figures,
    settled_version: r.settled_version, settled_at: r.settled_at?.toISOString() ?? null,
  }
}

async function mineOf(s: InstitutionScope, sittingId: number) {
  const [mine] = await s.db.select().from(secondScorings).where(and(eq(secondScorings.sitting_id, sittingId), eq(secondScorings.scored_by, s.user.id)))
  return mine ?? null
}

/** What the second scorer works from: the passage's words and the audio, never the first marks or figures. */
export async function blindSitting(s: InstitutionScope, id: number, where: Where): Promise<BlindSitting> {
  const { row, words, content } = await sittingOf(s, id, where)
  assertSecondScorer(s, row, words)
  const names = (await readSitting(s, id, where))!
  const mine = await mineOf(s, id)
  return {
    id, sitting_version: row.version, student_name: names.student_name, assessment_name: names.assessment_name,
    direction: row.direction === 'rtl' ? 'rtl' : 'ltr', words, lines: passageLines(content), duration_seconds: row.duration_seconds,
    audio_url: audioUrl(row), mine: mine?.marks ?? null, cue_categories: await cueCategoriesOf(s.db, s.institution.id),
  }
}

/** Saves the caller's second scoring (replacing their earlier one, settled or not), scored under the sitting's profile. */
export async function saveSecondScoring(s: InstitutionScope, id: number, where: Where, input: SittingValues['marks']): Promise<SecondScoring> {
  const { row, words } = await sittingOf(s, id, where)
  assertSecondScorer(s, row, words)
  const profile = await profileOf(s, s.db, row)
  if (!profile) throw HttpError.say(400, M.profileUnknown, s.lang, 'scoring_profile', CODES.invalidChoice)
  const { marks, figures, level_decision } = await scoreMarksOn(s, s.db, row, profile.rules, input)
  const stored: SittingMark[] = marks.map((m) => ({
    word_index: m.word_index, miscue: m.type.code, self_corrected: m.self_corrected, words: m.words, proper_noun: m.proper_noun,
    letter_index: m.letter_index ?? null, hesitated: m.hesitated, skipped_line: m.skipped_line, said: m.said || null, cues: [...new Set(m.cues)],
  }))
  const values = {
    institution_id: s.institution.id, sitting_id: id, scored_by: s.user.id, scored_by_name: `${s.user.first_name} ${s.user.last_name} <${s.user.email}>`,
    scored_at: new Date(), sitting_version: row.version, marks: stored, figures: { ...figures, level_decision } as VersionFigures,
  }
  const [saved] = await s.db.insert(secondScorings).values(values)
    .onConflictDoUpdate({ target: [secondScorings.sitting_id, secondScorings.scored_by], set: { ...values, settled_version: null, settled_at: null } }).returning()
  // A request to this person to score it is done once they saved.
  await s.db.update(secondScoringRequests).set({ done_at: values.scored_at })
    .where(and(eq(secondScoringRequests.sitting_id, id), eq(secondScoringRequests.scorer_id, s.user.id), isNull(secondScoringRequests.done_at)))
  return secondOf(saved!)
}

/** May see the first marks beside the second: school staff, the recording teacher, a teacher who scored it second. */
async function assertComparer(s: InstitutionScope, row: SittingRow) {
  if (s.user.role !== 'teacher' || row.teacher_id === s.user.id) return
  if (!(await mineOf(s, row.id))) throw HttpError.say(403, M.notComparer, s.lang)
}

// Only passages are scored a second time, and a passage's figures always have a WCPM and a band.
type Compared = Pick<VersionFigures, 'accuracy' | 'error_count'> & { wcpm: number | null; band: Band | null }
const forDifference = (f: Compared) => ({ accuracy: f.accuracy, error_count: f.error_count, wcpm: f.wcpm ?? 0, band: f.band ?? 'frustration' })

/** The sitting's current marks beside each second scoring: agreement and kappa on word codes, and the figures' difference. */
export async function compareScorings(s: InstitutionScope, id: number, where: Where): Promise<ScoringComparison> {
  const { row, words } = await sittingOf(s, id, where)
  await assertComparer(s, row)
  const first = { marks: await sittingMarksOf(s.db, id), figures: figuresOf(row) }
  const rows = await s.db.select().from(secondScorings).where(eq(secondScorings.sitting_id, id)).orderBy(asc(secondScorings.scored_at), asc(secondScorings.id))
  const names = (await readSitting(s, id, where))!
  return {
    sitting_id: id, sitting_version: row.version, student: names.student, student_name: names.student_name, assessment_name: names.assessment_name,
    first_scored_by: names.teacher_name, teacher: names.teacher, direction: row.direction === 'rtl' ? 'rtl' : 'ltr', words, first,
    seconds: rows.map(secondOf).map((second) => ({
      ...second,
      agreement: scoringAgreement(words.length, first.marks, second.marks),
      difference: figuresDifference(forDifference(first.figures), forDifference(second.figures)),
    })),
  }
}
