import * as v from 'valibot'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import { requiredText } from '../rules/text'

const id = v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice))
const switches = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, CODES.tooLong)), '')

/** Report types (spec §3, §9): built-in ones below 100; a library with isReport is report type 100 + its id. */
export const REPORT_TYPES = { common: 1, accurate: 2, tally: 6 } as const
export const BUNDLE_START = 100
export const SCOPE_TYPES = { institution: 1, school: 2, class: 3 } as const
/** Switches the reports understand; others are kept as written. */
export const KNOWN_SWITCHES = ['enableParentReport', 'comparative'] as const

/** The report type of a library whose isReport is true. */
export function reportTypeOfLibrary(libraryId: number): number {
  return BUNDLE_START + libraryId
}

/** The library behind a custom report type, or null for a built-in type. */
export function libraryOfReportType(reportType: number): number | null {
  return reportType > BUNDLE_START ? reportType - BUNDLE_START : null
}

/** "enableParentReport, comparative" → ["enableParentReport", "comparative"]. */
export function switchList(text: string): string[] {
  return text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean)
}

export const AssessmentLibrarySchema = v.object({
  display_name: requiredText(4, 200),
  isReport: v.optional(v.boolean(CODES.invalidChoice), false),
  isGlobal: v.optional(v.boolean(CODES.invalidChoice), false),
  switches,
  updated_at: editVersion,
})
export type AssessmentLibraryInput = v.InferInput<typeof AssessmentLibrarySchema>

export const AssessmentLibraryEntrySchema = v.object({
  display_name: requiredText(4, 200),
  inParentReport: v.optional(v.boolean(CODES.invalidChoice), false),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(5000, CODES.tooLong)), ''),
  assessments: v.optional(v.pipe(v.array(id, CODES.invalidChoice), v.maxLength(500, CODES.tooLong)), []),
  updated_at: editVersion,
})
/** Creating an entry also names its library. */
export const AssessmentLibraryEntryCreateSchema = v.object({
  ...AssessmentLibraryEntrySchema.entries,
  assessment_library: id,
})
export type AssessmentLibraryEntryInput = v.InferInput<typeof AssessmentLibraryEntryCreateSchema>

export type AssessmentLibrary = {
  id: number
  display_name: string
  isReport: boolean
  isGlobal: boolean
  switches: string
  switch_list: string[]
  /** 100 + id when isReport, else null. */
  report_type: number | null
  entry_count: number
  updated_at: string
}

export type AssessmentLibraryEntry = {
  id: number
  assessment_library: number
  display_name: string
  title: string
  inParentReport: boolean
  description: string
  assessments: number[]
  updated_at: string
}
