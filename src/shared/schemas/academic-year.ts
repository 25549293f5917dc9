import * as v from 'valibot'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import { isValidAcademicYearName } from '../rules/academic-year'

export const AcademicYearSchema = v.object({
  display_name: v.pipe(v.string(CODES.required), v.trim(), v.nonEmpty(CODES.required), v.check(isValidAcademicYearName, CODES.invalidAcademicYear)),
  is_active: v.optional(v.boolean(CODES.invalidChoice), true),
  updated_at: editVersion,
})
export type AcademicYearInput = v.InferInput<typeof AcademicYearSchema>

export type AcademicYear = { id: number; display_name: string; is_active: boolean; is_deletable: boolean; updated_at: string }
