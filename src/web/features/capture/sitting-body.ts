// What a captured sitting sends (POST /api/sitting/, shared/schemas/sitting.ts) and the figures it shows while
// it is captured: both from the record alone, with the one shared calculation of the assessment's kind
// (shared/reports/assessment-kinds.ts, ADR 0122), so what the teacher sees is what the server stores.
import { passageWords } from '../../../shared/reports/figures'
import { scoreSittingOfKind } from '../../../shared/reports/assessment-kinds'
import type { AssessmentKind, KindFigures } from '../../../shared/reports/assessment-kinds'
import { SITTING_PART, type SittingInput } from '../../../shared/schemas/sitting'
import type { CaptureRecord } from './capture-record'
import { countedMarks, markInput, wordsReached } from '../../components/marking/marking'
import { durationSeconds } from './timer'

export function passageOf(record: Pick<CaptureRecord, 'assessment'>): string[] {
  return passageWords(record.assessment.content)
}

/** How the sitting is scored (ADR 0122): a kit fetched before kinds holds passages. */
export function captureKind(record: Pick<CaptureRecord, 'assessment'>): AssessmentKind {
  return record.assessment.kind ?? 'passage'
}

/**
 * The figures of the sitting as it stands, by its kind (live while reading: the whole passage until the last word
 * is marked; a question set's points once every answer has its points).
 */
export function captureFigures(record: CaptureRecord, elapsedMs = record.elapsedMs): KindFigures {
  const length = passageOf(record).length
  const step = record.assessment.comprehension
  return scoreSittingOfKind({
    kind: captureKind(record),
    rules: record.profile.rules,
    content: record.assessment.content,
    total_attempted: wordsReached(record, length),
    duration_seconds: durationSeconds(elapsedMs, record.assessment.duration_seconds),
    marks: countedMarks(record, length),
    types: record.types,
    text_level: record.textLevel,
    bracket_word: bracketOf(record, length),
    discontinued: record.discontinued,
    comprehension: step && comprehensionScored(record) ? { step, given: record.comprehension as number[] } : null,
  }).figures
}

/** The bracketed word, never past the last word read (a bracket moved back with the last word). */
function bracketOf(record: CaptureRecord, length: number): number | null {
  if (record.bracketWord == null) return null
  return Math.min(record.bracketWord, wordsReached(record, length) - 1)
}

/** The form fields of a sitting sent with its recording (the outbox sends a file as multipart, ADR 0081 and 0131). */
export function sittingFormFields(body: SittingInput): Record<string, string> {
  return { [SITTING_PART]: JSON.stringify(body) }
}

export function sittingBody(record: CaptureRecord): SittingInput {
  const length = passageOf(record).length
  return {
    student: record.studentId,
    assessment: record.assessment.id,
    class: record.classId,
    academic_year: record.yearId,
    created_in_device_at: record.startedAt ?? new Date(record.createdAt).toISOString(),
    duration: durationSeconds(record.elapsedMs, record.assessment.duration_seconds),
    total_attempted: wordsReached(record, length),
    marks: countedMarks(record, length).map(markInput),
    notes: record.notes.trim(),
    scoring_profile: { id: record.profile.id, version: record.profile.version },
    // The taxonomy the live figures used: kept if the institution changes a type before this sitting arrives.
    scored_types: record.types.map(({ code, counts_as_error }) => ({ code, counts_as_error })),
    ...(record.textLevel ? { text_level: record.textLevel } : {}),
    ...(record.gaps?.length ? { reading_gaps: record.gaps } : {}),
    ...(bracketOf(record, length) !== null ? { bracket_word: bracketOf(record, length) } : {}),
    ...(record.discontinued ? { discontinued: true } : {}),
    ...(comprehensionScored(record) ? { comprehension: record.comprehension as number[] } : {}),
  }
}

/** Whether every item of the assessment's comprehension step has its points (a step half scored is not sent). */
export function comprehensionScored(record: Pick<CaptureRecord, 'assessment' | 'comprehension'>): boolean {
  const items = record.assessment.comprehension?.items ?? []
  return items.length > 0 && items.every((_, i) => typeof record.comprehension?.[i] === 'number')
}
