// Shapes of the report answers this screen reads (temporary until the shared contracts land).
export type MiscueShare = { percentage: number; miscue: string; color_code: string }
export type CommonReport = { miscues: MiscueShare[]; total_students: number; total_tests: number }
export type ClassAssessment = { assessment_id: number; assessment_title: string }
export type AccuracyRow = {
  id: number
  student_id: number
  student_name: string
  assessment_name: string
  created_in_device_at: string
  accuracy: number
  wcpm: number | null
  band: 'independent' | 'instructional' | 'frustration' | string
}

export type SittingDetail = {
  id: number
  student_id: number
  content: string
  assessment_name: string
  assessment_type: string
  teacher_name: string
  score: number
  duration: string
  created_in_device_at: string
  audio_url: string | null
  academic_year: string
  notes: string
  total_attempted: number
  total_correct: number
  total_question: number
  wcpm: number | null
  band: string
  class_name: string
}
export type SittingMiscues = { miscues: MiscueShare[] }
export type StudentInReport = {
  id: number
  enrollment_code: string
  first_name: string
  last_name: string
  gender: 'm' | 'f' | string
  class_name: string
  studentclassrelation_set: { class_name: string; academic_year_name: string; is_active: boolean }[]
}
export type StudentSittingRow = {
  id: number
  assessment_name: string
  created_in_device_at: string
  score: number
  wcpm: number | null
  band: string
}
