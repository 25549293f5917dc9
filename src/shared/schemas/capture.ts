// What a tablet needs to record sittings offline for one school and year (GET /api/capture/school/{id}/year/{id}/):
// the classes the user may record for with their students, the text passages of the institution, the taxonomy
// and the scoring profiles. The capture screen keeps it on the device (ADR 0090).
import type { ScoringSettings } from '../reports/scoring-profile'
import type { AssessmentKind } from '../reports/assessment-kinds'
import type { ComprehensionStep } from '../reports/comprehension'
import type { CueCategory, MiscueType } from './scoring'

export type CaptureStudent = { id: number; first_name: string; last_name: string; arabic_name: string; enrollment_code: string }

export type CaptureClass = { id: number; name: string; students: CaptureStudent[] }

export type CaptureAssessment = {
  id: number
  title: string
  /** The passage; the words are split on white space (shared/reports/figures.ts passageWords). */
  content: string
  direction: 'ltr' | 'rtl'
  /** The time limit in seconds (0: none). */
  duration_seconds: number
  /** How it is scored (ADR 0122); absent in kits fetched before kinds: a passage. */
  kind?: AssessmentKind
  /** The questions or retell rubric the teacher scores after the reading; null or absent: none. */
  comprehension?: ComprehensionStep | null
}

export type CaptureKit = {
  school: number
  academic_year: number
  classes: CaptureClass[]
  assessments: CaptureAssessment[]
  miscue_types: MiscueType[]
  /** The cue categories a mark can be coded with (ADR 0121). */
  cue_categories: CueCategory[]
  scoring: ScoringSettings
}
