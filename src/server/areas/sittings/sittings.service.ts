// Recording and reading sittings. The figures come from the one calculation in src/shared/reports/figures.ts
// and are stored with the sitting; the content HTML is built escaped (src/shared/reports/sitting-html.ts).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  academicYears, assessments, assessmentTypes, classes, classTeachers, contentDisplayTypes, studentClassRelations, students, users,
} from '../../db/schema/tables'
import { miscueTypes, scoringProfiles, sittingMarks, sittings } from '../../db/schema/sittings'
import type { Env } from '../../env'
import { removeStoredFile, storeFile } from '../../lib/files'
import { HttpError } from '../../lib/http-error'
import type { Lang } from '../../lib/messages'
import { durationSeconds, durationText, passageLines, passageWords, SCORING_VERSION } from '../../../shared/reports/figures'
import { passageLanguage } from '../../../shared/reports/scoring-profile'
import { assessmentKindOf } from '../../../shared/reports/assessment-kinds'
import type { AssessmentKind } from '../../../shared/reports/assessment-kinds'
import { sittingContentHtml } from '../../../shared/reports/sitting-html'
import { CODES } from '../../../shared/schemas/codes'
import type { Sitting, SittingMark, SittingValues, StudentSittingRow } from '../../../shared/schemas/sitting'
import { passagesOf } from '../../domain/passages'
import type { InstitutionScope } from '../../domain/scope'
import { cueCategoriesOf, miscueTypesOf, resolveProfile } from '../../domain/scoring'
import { SITTING_MESSAGES as M } from './sittings.messages'
import { cueLanguages, markRows, refused as bad, scoredSitting, taxonomyAsScored } from './sitting-scoring'
import { miscueShares } from '../../reports/miscue-shares'
import { sittingTrail } from './sitting-trail'
import { cueSummaries, NO_CUES } from '../../reports/cue-counts'

export type AudioUpload = { bytes: Uint8Array; type: string }

/** Largest audio recording accepted (20 MB, about 20 minutes of speech in WebM/Opus). */
export const AUDIO_MAX_BYTES = 20 * 1024 * 1024

/** Audio kinds by their first bytes; the declared type is never trusted. */
export function audioKind(bytes: Uint8Array): { type: string; ext: string } | null {
  const b = bytes
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to))
  if (b.length < 12) return null
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return { type: 'audio/webm', ext: 'webm' }
  if (ascii(0, 4) === 'OggS') return { type: 'audio/ogg', ext: 'ogg' }
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return { type: 'audio/wav', ext: 'wav' }
  if (ascii(4, 8) === 'ftyp') return { type: 'audio/mp4', ext: 'm4a' }
  if (ascii(0, 3) === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)) return { type: 'audio/mpeg', ext: 'mp3' }
  return null
}

/** Decodes data:audio/…;base64,… sent in JSON. */
export function audioFromDataUrl(lang: Lang, value: string): AudioUpload {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(value)
  if (!match || !match[2]!.split(';').includes('base64')) throw bad(lang, 'audio', M.notAudio)
  return { bytes: Buffer.from(match[3]!, 'base64'), type: match[1] ?? '' }
}

export async function recordSitting(s: InstitutionScope, env: Env, input: SittingValues, audio: AudioUpload | null): Promise<Sitting> {
  const { db, lang, institution: { id: institutionId } } = s
  const [student] = await db.select({ id: students.id, school_id: students.school_id }).from(students)
    .where(and(eq(students.id, input.student), eq(students.institution_id, institutionId)))
  if (!student) throw bad(lang, 'student', M.studentUnknown)
  const [cls] = await db.select({ id: classes.id, school_id: classes.school_id }).from(classes)
    .where(and(eq(classes.id, input.class), eq(classes.institution_id, institutionId)))
  if (!cls) throw bad(lang, 'class', M.classUnknown)
  const [year] = await db.select({ id: academicYears.id }).from(academicYears)
    .where(and(eq(academicYears.id, input.academic_year), eq(academicYears.institution_id, institutionId)))
  if (!year) throw bad(lang, 'academic_year', M.yearUnknown)
  const schools = await s.schools()
  if (schools !== 'all' && !schools.includes(cls.school_id)) throw HttpError.of(403, 'schoolForbidden', lang)
  if (s.user.role === 'teacher') {
    const [teaches] = await db.select({ id: classTeachers.user_id }).from(classTeachers)
      .where(and(eq(classTeachers.class_id, cls.id), eq(classTeachers.academic_year_id, year.id), eq(classTeachers.user_id, s.user.id)))
    if (!teaches) throw HttpError.say(403, M.notYourClass, lang)
  }
  const [relation] = await db.select({ id: studentClassRelations.id }).from(studentClassRelations)
    .where(and(eq(studentClassRelations.student_id, student.id), eq(studentClassRelations.class_id, cls.id), eq(studentClassRelations.academic_year_id, year.id)))
  if (!relation) throw bad(lang, 'student', M.studentNotInClass)
  const [assessment] = await passagesOf(db, institutionId, eq(assessments.id, input.assessment))
  if (!assessment) throw bad(lang, 'assessment', M.assessmentUnknown)

  const limit = durationSeconds(assessment.duration) ?? 0
  if (limit > 0 && input.duration > limit) throw bad(lang, 'duration', M.durationOverLimit(assessment.duration.replace(/^00:/, '')), CODES.tooLarge)

  const words = assessment.display === 'text' ? passageWords(assessment.content) : []
  const totalQuestion = words.length > 0 ? words.length : input.total_question
  if (!totalQuestion) throw bad(lang, 'total_question', M.totalQuestionRequired, CODES.required)
  const attempted = input.total_attempted ?? totalQuestion
  if (attempted > totalQuestion) throw bad(lang, 'total_attempted', M.attemptedPastPassage(totalQuestion), CODES.tooLarge)

  if (input.bracket_word != null && input.bracket_word >= attempted) throw bad(lang, 'bracket_word', M.bracketPastAttempted(input.bracket_word, attempted), CODES.tooLarge)

  const direction = assessment.direction === 'rtl' ? 'rtl' : 'ltr'
  const profile = await resolveProfile(db, institutionId, passageLanguage(direction), input.scoring_profile)
  if (!profile) throw bad(lang, 'scoring_profile', M.profileUnknown)

  const kind = assessmentKindOf(assessment.type_code)
  const step = assessment.comprehension
  if (input.comprehension?.length && !step) throw bad(lang, 'comprehension', M.noComprehensionStep)
  if (kind === 'question_set' && !input.comprehension?.length) throw bad(lang, 'comprehension', M.comprehensionRequired, CODES.required)
  if (step && input.comprehension?.length) {
    if (input.comprehension.length !== step.items.length) throw bad(lang, 'comprehension', M.comprehensionCount(step.items.length))
    input.comprehension.forEach((given, i) => {
      const worth = step.items[i]!.points
      if (given > worth) throw bad(lang, `comprehension.${i}`, M.comprehensionOverPoints(i + 1, worth), CODES.tooLarge)
    })
  }
  // The one calculation under the profile (a grid's items under its own convention): the same function the
  // capture screen shows its live figures with.
  const scoredWith = taxonomyAsScored(await miscueTypesOf(db, institutionId), input.scored_types)
  const { marks, figures, comprehension, level_decision } = scoredSitting(lang, {
    kind, rules: profile.rules, content: assessment.display === 'text' ? assessment.content : '', words, total_question: totalQuestion, total_attempted: attempted,
    duration_seconds: input.duration, marks: input.marks, types: scoredWith.types, text_level: input.text_level,
    bracket_word: input.bracket_word, discontinued: input.discontinued,
    comprehension: step && input.comprehension?.length ? { step, given: input.comprehension } : null,
    cueLanguage: await cueLanguages(db, institutionId), direction,
  })

  let audioFile: string | null = null
  let audioType: string | null = null
  if (audio) {
    if (audio.bytes.length > AUDIO_MAX_BYTES) throw HttpError.say(413, M.audioTooLarge(AUDIO_MAX_BYTES / 1024 / 1024), lang, 'audio', CODES.tooLarge)
    const kind = audioKind(audio.bytes)
    if (!kind) throw bad(lang, 'audio', M.notAudio)
    audioFile = await storeFile(env, 'sittings', audio.bytes, kind.ext)
    audioType = kind.type
  }

  // The file is stored first (a transaction must not wait on the file store); when the insert fails it is
  // removed again, so a refused or failed write never leaves an audio file that no sitting names.
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(sittings).values({
      institution_id: institutionId,
      school_id: cls.school_id,
      class_id: cls.id,
      academic_year_id: year.id,
      student_id: student.id,
      assessment_id: assessment.id,
      teacher_id: s.user.id,
      created_in_device_at: new Date(input.created_in_device_at),
      duration_seconds: input.duration,
      notes: input.notes,
      audio_file: audioFile,
      audio_type: audioType,
      direction,
      ...figures,
      kind,
      comprehension,
      comprehension_score: comprehension?.score ?? null,
      comprehension_max: comprehension?.max ?? null,
      level_decision,
      scoring_version: SCORING_VERSION,
      scoring_profile_id: profile.id,
      scoring_profile_version: profile.version,
      text_level: input.text_level || null,
      scored_flags: scoredWith.flags,
      reading_gaps: input.reading_gaps.length > 0 ? input.reading_gaps : null,
      bracket_word: profile.rules.one_minute_bracket ? (input.bracket_word ?? null) : null,
      discontinued: profile.rules.discontinue_first_line && input.discontinued,
    }).returning({ id: sittings.id })
    if (marks.length) await tx.insert(sittingMarks).values(markRows(row!.id, marks))
    return row!.id
  }).catch(async (err: unknown) => {
    await removeStoredFile(env, 'sittings', audioFile)
    throw err
  })
  return (await readSitting(s, id))!
}

export function audioUrl(row: { id: number; school_id: number; class_id: number; audio_file: string | null }): string | null {
  return row.audio_file ? `/api/school/${row.school_id}/class/${row.class_id}/sitting/${row.id}/audio/` : null
}

/** One sitting of this institution in a school the user may reach, or null. */
export async function readSitting(s: Pick<InstitutionScope, 'db' | 'lang' | 'institution' | 'schools'>, id: number, where?: { schoolId?: number; classId?: number }): Promise<Sitting | null> {
  const { db } = s
  const [row] = await db
    .select({
      sitting: sittings,
      first_name: students.first_name,
      last_name: students.last_name,
      assessment_name: assessments.title,
      assessment_content: assessments.content,
      display: contentDisplayTypes.code,
      assessment_type: assessmentTypes.display_name,
      assessment_type_ar: assessmentTypes.arabic_display_name,
      class_name: classes.display_name,
      year_name: academicYears.display_name,
      teacher_first: users.first_name,
      teacher_last: users.last_name,
      profile_name: scoringProfiles.display_name,
      profile_name_ar: scoringProfiles.arabic_display_name,
    })
    .from(sittings)
    .innerJoin(students, eq(students.id, sittings.student_id))
    .innerJoin(assessments, eq(assessments.id, sittings.assessment_id))
    .innerJoin(assessmentTypes, eq(assessmentTypes.id, assessments.assessment_type_id))
    .innerJoin(contentDisplayTypes, eq(contentDisplayTypes.id, assessments.content_display_type_id))
    .innerJoin(classes, eq(classes.id, sittings.class_id))
    .innerJoin(academicYears, eq(academicYears.id, sittings.academic_year_id))
    .leftJoin(users, eq(users.id, sittings.teacher_id))
    .leftJoin(scoringProfiles, eq(scoringProfiles.id, sittings.scoring_profile_id))
    .where(and(
      eq(sittings.id, id),
      eq(sittings.institution_id, s.institution.id),
      where?.schoolId ? eq(sittings.school_id, where.schoolId) : undefined,
      where?.classId ? eq(sittings.class_id, where.classId) : undefined,
    ))
  if (!row) return null
  const st = row.sitting
  const schools = await s.schools()
  if (schools !== 'all' && !schools.includes(st.school_id)) return null
  const marks = await sittingMarksOf(db, st.id)
  return {
    id: st.id,
    student: st.student_id,
    student_name: `${row.first_name} ${row.last_name}`,
    assessment: st.assessment_id,
    assessment_name: row.assessment_name,
    assessment_type: s.lang === 'ar' ? row.assessment_type_ar : row.assessment_type,
    kind: st.kind as AssessmentKind,
    class: st.class_id,
    class_name: row.class_name,
    school: st.school_id,
    academic_year: st.academic_year_id,
    academic_year_name: row.year_name,
    teacher: st.teacher_id,
    teacher_name: row.teacher_first ? `${row.teacher_first} ${row.teacher_last}` : '',
    content: await contentHtml(s, row.display === 'text' ? row.assessment_content : '', marks, st.direction === 'rtl' ? 'rtl' : 'ltr', st.bracket_word),
    words: row.display === 'text' ? passageWords(row.assessment_content) : [],
    lines: row.display === 'text' ? passageLines(row.assessment_content) : [],
    direction: st.direction === 'rtl' ? 'rtl' : 'ltr',
    marks,
    miscues: await miscueShares(db, s.institution.id, sql`s.id = ${st.id}`),
    cue_summary: (await cueSummaries(db, s.institution.id, sql`s.id = ${st.id}`, false)).get(0) ?? NO_CUES,
    cue_categories: (await cueCategoriesOf(db, s.institution.id)).filter((c) => c.language === null || c.language === passageLanguage(st.direction)),
    score: st.score,
    accuracy: Number(st.accuracy),
    wcpm: st.wcpm === null ? null : Number(st.wcpm),
    clpm: st.clpm === null ? null : Number(st.clpm),
    error_count: st.error_count,
    fluency_error_count: st.fluency_error_count,
    self_correction_count: st.self_correction_count,
    error_rate: st.error_rate,
    self_correction_ratio: st.self_correction_ratio,
    band: st.band as Sitting['band'],
    comprehension: st.comprehension,
    level_decision: st.level_decision as Sitting['level_decision'],
    total_question: st.total_question,
    total_attempted: st.total_attempted,
    total_correct: st.total_correct,
    duration: durationText(st.duration_seconds),
    duration_seconds: st.duration_seconds,
    created_in_device_at: st.created_in_device_at.toISOString(),
    audio_url: audioUrl(st),
    notes: st.notes,
    scoring_version: st.scoring_version,
    scoring_profile: st.scoring_profile_id !== null && st.scoring_profile_version !== null
      ? { id: st.scoring_profile_id, version: st.scoring_profile_version, display_name: row.profile_name ?? '', arabic_display_name: row.profile_name_ar ?? '' }
      : null,
    text_level: st.text_level,
    scored_flags: st.scored_flags,
    reading_gaps: st.reading_gaps ?? [],
    bracket_word: st.bracket_word,
    discontinued: st.discontinued,
    created_at: st.created_at.toISOString(),
    version: st.version,
    voided: voidOf(st),
    trail: await sittingTrail(db, st.id),
  }
}

/** A sitting's marks in passage order, as recorded (the types by code). */
export async function sittingMarksOf(db: Db, sittingId: number): Promise<SittingMark[]> {
  return (await marksOfSittings(db, [sittingId])).get(sittingId)!
}

/** The marks of several sittings at once, each in passage order (a summary over many sittings reads them in a few queries). */
export async function marksOfSittings(db: Db, sittingIds: readonly number[]): Promise<Map<number, SittingMark[]>> {
  const by = new Map<number, SittingMark[]>(sittingIds.map((id) => [id, []]))
  for (let at = 0; at < sittingIds.length; at += 1000) {
    const rows = await db
      .select({
        sitting_id: sittingMarks.sitting_id,
        word_index: sittingMarks.word_index, miscue: miscueTypes.code, self_corrected: sittingMarks.self_corrected,
        words: sittingMarks.words, proper_noun: sittingMarks.proper_noun, letter_index: sittingMarks.letter_index,
        hesitated: sittingMarks.hesitated, skipped_line: sittingMarks.skipped_line,
        said: sittingMarks.said, cues: sittingMarks.cues,
      })
      .from(sittingMarks)
      .innerJoin(miscueTypes, eq(miscueTypes.id, sittingMarks.miscue_type_id))
      .where(inArray(sittingMarks.sitting_id, sittingIds.slice(at, at + 1000)))
      .orderBy(asc(sittingMarks.sitting_id), asc(sittingMarks.word_index), asc(miscueTypes.sort_order))
    for (const { sitting_id, ...mark } of rows) by.get(sitting_id)!.push(mark)
  }
  return by
}

function voidOf(row: { voided_at: Date | null; void_reason: string | null }): Sitting['voided'] {
  return row.voided_at ? { at: row.voided_at.toISOString(), reason: row.void_reason ?? '' } : null
}

/** The passage as escaped HTML with each miscue marked in its colour ('' for a PDF assessment). */
async function contentHtml(
  s: Pick<InstitutionScope, 'db' | 'institution'>, content: string, marks: { word_index: number; miscue: string; self_corrected: boolean; said: string | null; hesitated: boolean }[],
  dir: 'ltr' | 'rtl', bracket: number | null,
): Promise<string> {
  const words = passageWords(content)
  if (words.length === 0) return ''
  const types = await miscueTypesOf(s.db, s.institution.id)
  const html = marks.map((m) => ({ word_index: m.word_index, code: m.miscue, self_corrected: m.self_corrected, said: m.said, hesitated: m.hesitated }))
  return sittingContentHtml({ words, marks: html, types, lang: dir === 'rtl' ? 'ar' : 'en', dir, bracket, lines: passageLines(content) })
}

/** The stored audio of a sitting the user may read. */
export async function sittingAudio(s: Pick<InstitutionScope, 'db' | 'institution' | 'schools'>, id: number, schoolId: number, classId: number) {
  const [row] = await s.db.select({ file: sittings.audio_file, type: sittings.audio_type, school_id: sittings.school_id }).from(sittings)
    .where(and(eq(sittings.id, id), eq(sittings.institution_id, s.institution.id), eq(sittings.school_id, schoolId), eq(sittings.class_id, classId)))
  const schools = await s.schools()
  if (!row || (schools !== 'all' && !schools.includes(row.school_id))) return null
  return row
}

/** A student's sittings, newest first (only in schools the user may reach). */
export async function studentSittings(s: Pick<InstitutionScope, 'db' | 'institution' | 'schools'>, studentId: number): Promise<StudentSittingRow[]> {
  const schools = await s.schools()
  const rows = await s.db
    .select({
      id: sittings.id, school: sittings.school_id, class: sittings.class_id, class_name: classes.display_name,
      assessment: sittings.assessment_id, assessment_name: assessments.title, academic_year_name: academicYears.display_name,
      created_in_device_at: sittings.created_in_device_at, score: sittings.score, kind: sittings.kind, wcpm: sittings.wcpm, clpm: sittings.clpm,
      band: sittings.band, level_decision: sittings.level_decision,
      voided_at: sittings.voided_at, void_reason: sittings.void_reason,
    })
    .from(sittings)
    .innerJoin(classes, eq(classes.id, sittings.class_id))
    .innerJoin(assessments, eq(assessments.id, sittings.assessment_id))
    .innerJoin(academicYears, eq(academicYears.id, sittings.academic_year_id))
    .where(and(
      eq(sittings.student_id, studentId),
      eq(sittings.institution_id, s.institution.id),
      schools === 'all' ? undefined : schools.length ? sql`${sittings.school_id} in ${schools}` : sql`false`,
    ))
    .orderBy(desc(sittings.created_in_device_at), desc(sittings.id))
  const cues = rows.length ? await cueSummaries(s.db, s.institution.id, sql`s.student_id = ${studentId}`, true) : new Map()
  return rows.map(({ voided_at, void_reason, ...r }) => ({
    ...r, created_in_device_at: r.created_in_device_at.toISOString(), kind: r.kind as AssessmentKind,
    wcpm: r.wcpm === null ? null : Number(r.wcpm), clpm: r.clpm === null ? null : Number(r.clpm),
    band: r.band as StudentSittingRow['band'], level_decision: r.level_decision as StudentSittingRow['level_decision'],
    cue_summary: cues.get(r.id) ?? NO_CUES,
    voided: voidOf({ voided_at, void_reason }),
  }))
}
