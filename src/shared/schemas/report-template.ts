import * as v from 'valibot'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import { SCOPE_TYPES } from './assessment-library'
import { requiredText } from '../rules/text'

const id = v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice))
const switches = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, CODES.tooLong)), '')

export const ReportTemplateEntrySchema = v.object({
  display_name: requiredText(1, 200),
  assessment_library_entry: v.optional(v.nullable(id), null),
})

export const ReportTemplateSchema = v.object({
  name: requiredText(4, 200),
  title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, CODES.tooLong)), ''),
  assessmentLibrary: id,
  reportType: v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice)),
  reportScope: v.picklist([SCOPE_TYPES.institution, SCOPE_TYPES.school, SCOPE_TYPES.class], CODES.invalidChoice),
  switches,
  entries: v.optional(v.pipe(v.array(ReportTemplateEntrySchema), v.maxLength(200, CODES.tooLong)), []),
  updated_at: editVersion,
})
export type ReportTemplateInput = v.InferInput<typeof ReportTemplateSchema>

export type ReportTemplateEntry = { id: number; template: number; display_name: string; assessment_library_entry: number | null; position: number }

export type ReportTemplate = {
  id: number
  name: string
  title: string
  assessmentLibrary: number
  assessmentLibrary_name: string
  reportType: number
  reportScope: number
  switches: string
  switch_list: string[]
  /** Name of the last generated file, null until the template is downloaded; fetch it at saved_file_url. */
  savedFileName: string | null
  saved_file_url: string | null
  entries: ReportTemplateEntry[]
  is_deletable: boolean
  updated_at: string
}

/** Optional address for the per-row email; the signed-in user's own address otherwise. */
export const TemplateEmailSchema = v.object({
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254, CODES.tooLong), v.email(CODES.invalidEmail), v.toLowerCase())),
})
