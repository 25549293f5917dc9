import * as v from 'valibot'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import { requiredText } from '../rules/text'
import { COMPREHENSION_KINDS } from '../reports/comprehension'
import type { ComprehensionStep } from '../reports/comprehension'

/** Largest PDF an assessment may carry, unless the server is configured otherwise (PDF_MAX_MB). */
export const PDF_MAX_BYTES_DEFAULT = 10 * 1024 * 1024
export const MINUTES_MAX = 10
export const SECONDS_OPTIONS = [0, 15, 30, 45] as const
export const CONTENT_DISPLAY_TYPES = { text: 'text', pdf: 'pdf' } as const

const id = v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice))

/** Most questions or retell criteria one comprehension step may hold, and the most one is worth. */
export const MAX_COMPREHENSION_ITEMS = 20
export const MAX_ITEM_POINTS = 10

/** A question and the answer expected (a retell criterion leaves `expected` empty), worth 1 to 10 points. */
const ComprehensionItemSchema = v.object({
  prompt: requiredText(2, 500),
  expected: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, CODES.tooLong)), ''),
  points: v.optional(v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(1, CODES.tooSmall), v.maxValue(MAX_ITEM_POINTS, CODES.tooLarge)), 1),
})

/** The comprehension step asked after the reading (ADR 0122): questions, or a retell rubric. */
export const ComprehensionStepSchema = v.object({
  kind: v.picklist(COMPREHENSION_KINDS, CODES.invalidChoice),
  items: v.pipe(v.array(ComprehensionItemSchema, CODES.invalidChoice), v.minLength(1, CODES.requireOne), v.maxLength(MAX_COMPREHENSION_ITEMS, CODES.tooLong)),
})

/**
 * An assessment (spec §5). The cascade rules (skill of the subject, type of the skill, display type allowed
 * for the type, parent required exactly when the type has a parent type) and "text content or a PDF" need
 * the reference data, so the server checks them after this schema.
 */
export const AssessmentSchema = v.object({
  title: requiredText(4, 200),
  subject: id,
  language_title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, CODES.tooLong)), ''),
  skill_type: id,
  assessment_type: id,
  assessment_parent: v.optional(v.nullable(id), null),
  content_display_type: id,
  content: v.optional(v.pipe(v.string(), v.maxLength(100_000, CODES.tooLong)), ''),
  minutes: v.pipe(v.number(CODES.required), v.integer(CODES.invalidNumber), v.minValue(0, CODES.tooSmall), v.maxValue(MINUTES_MAX, CODES.tooLarge)),
  seconds: v.pipe(v.number(CODES.required), v.check((n) => (SECONDS_OPTIONS as readonly number[]).includes(n), CODES.invalidSeconds)),
  levels: v.pipe(v.array(id, CODES.requireOne), v.minLength(1, CODES.requireOne), v.maxLength(50, CODES.tooLong)),
  /** A PDF read as a data URL (data:application/pdf;base64,...); multipart uploads send the file as `pdf` instead. */
  pdf: v.optional(v.nullable(v.string())),
  /** On edit: drop the stored PDF. */
  remove_pdf: v.optional(v.boolean(), false),
  /** Questions or a retell rubric scored after the reading; null: none. */
  comprehension: v.optional(v.nullable(ComprehensionStepSchema), null),
  updated_at: editVersion,
})
export type AssessmentInput = v.InferInput<typeof AssessmentSchema>

/** Which institutions have an assessment (replaces the whole set). */
export const AssessmentClientsSchema = v.object({
  clients: v.pipe(v.array(id, CODES.invalidChoice), v.maxLength(10_000, CODES.tooLong)),
})

export type Assessment = {
  id: number
  title: string
  subject: number
  subject_name: string
  directions_code: 'ltr' | 'rtl'
  language_title: string
  skill_type: number
  skill_type_name: string
  assessment_type: number
  assessment_type_name: string
  assessment_parent: number | null
  content_display_type: number
  content_display_type_code: string
  content: string
  pdf_url: string | null
  pdf_name: string | null
  minutes: number
  seconds: number
  duration: string
  levels: number[]
  level_names: string
  comprehension: ComprehensionStep | null
  updated_at: string
}

/** "00:MM:SS" from minutes and seconds. */
export function durationOf(minutes: number, seconds: number): string {
  return `00:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}

/** Minutes and seconds of a stored "HH:MM:SS" duration. */
export function splitDuration(duration: string): { minutes: number; seconds: number } {
  const [h = '0', m = '0', s = '0'] = duration.split(':')
  return { minutes: Number(h) * 60 + Number(m), seconds: Number(s) }
}

/** True when the bytes start like a PDF file ("%PDF-"). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d
}
