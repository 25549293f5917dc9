import * as v from 'valibot'
import { CODES } from './codes'
import { requiredText } from '../rules/text'

const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, CODES.tooLong)), '')
const id = v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.required))

/**
 * A student (spec §3, §5). enrollment_code is also checked against the institution's student-ID rule
 * (src/shared/rules/student-id.ts), which the server applies and the form applies with the settings from
 * the student work-flow call.
 */
export const StudentSchema = v.object({
  first_name: requiredText(3, 150),
  last_name: requiredText(3, 150),
  arabic_name: requiredText(3, 300),
  enrollment_code: requiredText(4, 100),
  gender: v.optional(v.picklist(['', 'm', 'f'], CODES.invalidChoice), ''),
  user_field_1: optionalText(200),
  user_field_2: optionalText(200),
  user_field_3: optionalText(200),
  user_field_4: optionalText(200),
  class_relation: id,
  updated_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
})
export type StudentInput = v.InferInput<typeof StudentSchema>

export type Student = {
  id: number
  first_name: string
  last_name: string
  name: string
  arabic_name: string
  gender: '' | 'm' | 'f'
  enrollment_code: string
  user_field_1: string
  user_field_2: string
  user_field_3: string
  user_field_4: string
  /** The class in the requested year, as a one-entry list (spec §3). */
  class_relation: number[]
  class_name: string
  /** Every enrollment; the ids let the migration screen tell who is already placed in a year. */
  studentclassrelation_set: { class_name: string; is_active: boolean; academic_year_name: string; class_id?: number; academic_year_id?: number }[]
  is_active: boolean
  /** False while reading records (sittings) refer to the student: DELETE refuses them (ADR 0112). */
  is_deletable: boolean
  updated_at: string
}

/** Settings the student form needs to check enrollment codes as the server will. */
export type StudentWorkflow = {
  message: string | null
  student_id_validation: { type: string; acronym: string; regex: string | null; description: string | null }
}

export const MigrationSchema = v.object({
  students: v.pipe(v.array(id, CODES.requireOne), v.minLength(1, CODES.requireOne), v.maxLength(1000, CODES.tooLong)),
  src_class: v.optional(id),
  src_year: v.optional(id),
})

export const MigrationFormSchema = v.object({
  src_class: id,
  des_class: id,
  src_year: id,
  des_year: id,
  students: v.pipe(v.array(id, CODES.requireOne), v.minLength(1, CODES.requireOne), v.maxLength(1000, CODES.tooLong)),
})

export type MigrationResult = {
  success_count: number
  total: number
  errors: { student_id: number; name: string; errors: string[] }[]
}
