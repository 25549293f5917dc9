import * as v from 'valibot'
import { CODES } from './codes'
import { requiredText } from '../rules/text'

const id = v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice))
const ids = v.pipe(v.array(id, CODES.requireOne), v.minLength(1, CODES.requireOne), v.maxLength(200, CODES.tooLong))

/**
 * A class: identifier and class_name (min 1), a grade, an optional section, at least one subject and one
 * teacher. Teachers are mapped for `academic_year` (the year selected in the app).
 */
export const ClassSchema = v.object({
  identifier: requiredText(1, 50),
  class_name: requiredText(1, 100),
  grade: id,
  section: v.optional(v.nullable(id), null),
  subjects: ids,
  teachers: ids,
  academic_year: id,
  updated_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
})
export type ClassInput = v.InferInput<typeof ClassSchema>

export type SchoolClass = {
  id: number
  school_id: number
  identifier: string
  display_name: string
  grade_id: number
  grade_name: string
  section_id: number | null
  section_name: string | null
  subjects: number[]
  teachers: number[]
  is_deletable: boolean
  updated_at: string
}

export const ClassCopySchema = v.object({
  classes: ids,
})

export const TeacherMappingSchema = v.object({ teacher: ids })
