// A new capture from the kit (ADR 0090): the passage, the types offered for its language and the scoring profile
// version chosen for it are copied into the record, so the sitting is marked and scored as it was started.
import { passageLanguage } from '../../../shared/reports/scoring-profile'
import type { ScoringProfile } from '../../../shared/reports/scoring-profile'
import type { CaptureAssessment, CaptureKit, CaptureStudent } from '../../../shared/schemas/capture'
import type { CueCategory, MiscueType } from '../../../shared/schemas/scoring'
import type { CaptureRecord } from './capture-record'

/** The types a teacher can mark on a passage: active, and for every passage or for its language. */
export function typesFor(types: readonly MiscueType[], direction: 'ltr' | 'rtl'): MiscueType[] {
  const language = passageLanguage(direction)
  return types.filter((t) => t.active && (t.language === null || t.language === language))
}

/** The cue categories offered on a passage: for every passage or for its language. */
export function cuesFor(categories: readonly CueCategory[], direction: 'ltr' | 'rtl'): CueCategory[] {
  const language = passageLanguage(direction)
  return categories.filter((c) => c.language === null || c.language === language)
}

export function studentName(s: CaptureStudent, arabic: boolean): string {
  return arabic && s.arabic_name ? s.arabic_name : `${s.first_name} ${s.last_name}`
}

/** The profile (current version) the kit scores passages of this direction with. */
export function profileFor(kit: CaptureKit, direction: 'ltr' | 'rtl'): ScoringProfile {
  const chosen = kit.scoring.selected[passageLanguage(direction)]
  return kit.scoring.profiles.find((p) => p.id === chosen) ?? kit.scoring.profiles[0]!
}

export function newCapture(o: {
  id: string; owner: string; kit: CaptureKit; classId: number; studentId: number; assessment: CaptureAssessment; recordAudio: boolean; textLevel?: string | null; now: number
}): CaptureRecord {
  const cls = o.kit.classes.find((c) => c.id === o.classId)!
  const student = cls.students.find((s) => s.id === o.studentId)!
  const profile = profileFor(o.kit, o.assessment.direction)
  return {
    id: o.id,
    owner: o.owner,
    schoolId: o.kit.school,
    yearId: o.kit.academic_year,
    classId: cls.id,
    className: cls.name,
    studentId: student.id,
    studentName: studentName(student, false),
    studentArabicName: student.arabic_name,
    assessment: o.assessment,
    types: typesFor(o.kit.miscue_types, o.assessment.direction),
    cueCategories: cuesFor(o.kit.cue_categories ?? [], o.assessment.direction),
    profile: { id: profile.id, version: profile.version, rules: profile.rules, display_name: profile.display_name, arabic_display_name: profile.arabic_display_name },
    textLevel: o.textLevel ?? null,
    marks: [],
    lastWord: null,
    phase: 'ready',
    elapsedMs: 0,
    startedAt: null,
    recordAudio: o.recordAudio,
    audio: { segments: 0, bytes: 0, type: null },
    notes: '',
    createdAt: o.now,
    updatedAt: o.now,
  }
}
