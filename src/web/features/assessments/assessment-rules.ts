// The assessment form's cascade (spec §4) and its validation (spec §5), kept apart from React so they can be
// tested alone. Reference data comes from GET /api/assessment-dependency/ (ADR 0023).
import * as v from 'valibot'
import { AssessmentSchema, CONTENT_DISPLAY_TYPES, splitDuration } from '../../../shared/schemas/assessment'
import type { Assessment, AssessmentInput } from '../../../shared/schemas/assessment'
import { CODES } from '../../../shared/schemas/codes'
import { requiredText } from '../../../shared/rules/text'
import type { ComprehensionStep } from '../../../shared/reports/comprehension'

type Named = { id: number; code: string; display_name: string; arabic_display_name: string }
export type SubjectRef = Named & { directions_code: 'ltr' | 'rtl' | string }
export type SkillRef = Named & { subject: number }
export type AssessmentTypeRef = Named & { skill_type: number; assessment_type_parent: number | null; content_type: number[] }
export type DisplayTypeRef = Named
export type LevelRef = Named & { name: string }

export type AssessmentDependencies = {
  subjects: SubjectRef[]
  skills: SkillRef[]
  assessment_types: AssessmentTypeRef[]
  content_display_types: DisplayTypeRef[]
  levels: LevelRef[]
}

/** What the form holds: selects are null until chosen; `pdf` is a data URL of a newly chosen file. */
export type AssessmentFormValues = {
  title: string
  subject: number | null
  language_title: string
  skill_type: number | null
  assessment_type: number | null
  assessment_parent: number | null
  content_display_type: number | null
  content: string
  minutes: number
  seconds: number
  levels: number[]
  pdf: string | null
  /** Questions or a retell rubric scored after the reading (ADR 0122); null: none. */
  comprehension: ComprehensionStep | null
}

export type Direction = 'ltr' | 'rtl'

export const MINUTE_OPTIONS = Array.from({ length: 11 }, (_, i) => i)

/** The name of a reference item in the page's language. */
export function nameOf(item: { display_name: string; arabic_display_name: string } | undefined, locale: string): string {
  if (!item) return ''
  return locale.startsWith('ar') ? item.arabic_display_name || item.display_name : item.display_name
}

export function emptyAssessmentValues(): AssessmentFormValues {
  return {
    title: '', subject: null, language_title: '', skill_type: null, assessment_type: null, assessment_parent: null,
    content_display_type: null, content: '', minutes: 0, seconds: 0, levels: [], pdf: null, comprehension: null,
  }
}

/** The stored assessment as form values; the duration "00:02:30" gives 2 minutes 30 seconds. */
export function assessmentToValues(a: Assessment): AssessmentFormValues {
  const fromDuration = a.duration ? splitDuration(a.duration) : { minutes: 0, seconds: 0 }
  return {
    title: a.title,
    subject: a.subject,
    language_title: a.language_title ?? '',
    skill_type: a.skill_type,
    assessment_type: a.assessment_type,
    assessment_parent: a.assessment_parent,
    content_display_type: a.content_display_type,
    content: a.content ?? '',
    minutes: Number.isInteger(a.minutes) ? a.minutes : fromDuration.minutes,
    seconds: Number.isInteger(a.seconds) ? a.seconds : fromDuration.seconds,
    levels: [...a.levels],
    pdf: null,
    comprehension: a.comprehension ?? null,
  }
}

export function skillsOf(deps: AssessmentDependencies, subject: number | null): SkillRef[] {
  return subject === null ? [] : deps.skills.filter((s) => s.subject === subject)
}

export function typesOf(deps: AssessmentDependencies, skill: number | null): AssessmentTypeRef[] {
  return skill === null ? [] : deps.assessment_types.filter((t) => t.skill_type === skill)
}

export function displayTypesOf(deps: AssessmentDependencies, type: number | null): DisplayTypeRef[] {
  const allowed = deps.assessment_types.find((t) => t.id === type)?.content_type ?? []
  return deps.content_display_types.filter((d) => allowed.includes(d.id))
}

/** The parent type of an assessment type, or null when assessments of that type stand alone. */
export function parentTypeOf(deps: AssessmentDependencies, type: number | null): number | null {
  return deps.assessment_types.find((t) => t.id === type)?.assessment_type_parent ?? null
}

/** Text direction of the content: right-to-left for subjects such as Arabic reading. */
export function directionOf(deps: AssessmentDependencies, subject: number | null): Direction {
  return deps.subjects.find((s) => s.id === subject)?.directions_code === 'rtl' ? 'rtl' : 'ltr'
}

/** 'text', 'pdf' or '' while no display type is chosen. */
export function displayCodeOf(deps: AssessmentDependencies, display: number | null): string {
  return deps.content_display_types.find((d) => d.id === display)?.code ?? ''
}

/** The only choice, when there is exactly one. */
function single<T extends { id: number }>(items: T[]): number | null {
  return items.length === 1 ? items[0]!.id : null
}

/**
 * Changes that follow choosing a subject: the skills are rebuilt, so the skill and everything below it
 * start over (spec §4).
 */
export function afterSubject(deps: AssessmentDependencies, subject: number | null): Partial<AssessmentFormValues> {
  const skill = single(skillsOf(deps, subject))
  return { subject, skill_type: skill, ...afterSkill(deps, skill) }
}

/** Choosing a skill filters the assessment types and resets the chosen type. */
export function afterSkill(deps: AssessmentDependencies, skill: number | null): Partial<AssessmentFormValues> {
  const type = single(typesOf(deps, skill))
  return { skill_type: skill, ...afterType(deps, type) }
}

/**
 * Choosing a type filters the content display types and resets the chosen one (picked for the user when
 * only one is allowed); the parent is cleared either way and becomes required when the type has a parent type.
 */
export function afterType(deps: AssessmentDependencies, type: number | null): Partial<AssessmentFormValues> {
  return { assessment_type: type, content_display_type: single(displayTypesOf(deps, type)), assessment_parent: null }
}

const requiredId = v.pipe(v.nullable(v.number()), v.check((n) => n !== null, CODES.required))
const optionalId = v.nullable(v.number())

export type RuleContext = { deps: AssessmentDependencies; hasStoredPdf: boolean }

/** The schema for the current choices: which of parent, content and PDF are required depends on them. */
export function assessmentFormSchema(values: AssessmentFormValues, ctx: RuleContext) {
  const display = displayCodeOf(ctx.deps, values.content_display_type)
  const needsParent = parentTypeOf(ctx.deps, values.assessment_type) !== null
  const needsPdf = display === CONTENT_DISPLAY_TYPES.pdf && !ctx.hasStoredPdf
  const base = AssessmentSchema.entries
  return v.object({
    title: requiredText(4, 200),
    subject: requiredId,
    language_title: base.language_title,
    skill_type: requiredId,
    assessment_type: requiredId,
    assessment_parent: needsParent ? requiredId : optionalId,
    content_display_type: requiredId,
    // Required for every display type (spec §5); with a PDF it is the text the teacher marks against.
    content: v.pipe(v.string(), v.trim(), v.nonEmpty(CODES.required), v.maxLength(100_000, CODES.tooLong)),
    minutes: base.minutes,
    seconds: base.seconds,
    levels: base.levels,
    pdf: needsPdf ? v.pipe(v.nullable(v.string()), v.check((s) => Boolean(s), CODES.required)) : v.nullable(v.string()),
    comprehension: base.comprehension,
  })
}

export type FieldIssues = Partial<Record<keyof AssessmentFormValues, v.BaseIssue<unknown>[]>>

/** Issues per field, in the shape TanStack Form's form-level validator returns ({ fields }). */
export function validateAssessment(values: AssessmentFormValues, ctx: RuleContext): FieldIssues | null {
  const result = v.safeParse(assessmentFormSchema(values, ctx), values)
  if (result.success) return null
  const fields: FieldIssues = {}
  for (const issue of result.issues) {
    const key = (v.getDotPath(issue) ?? '').split('.')[0] as keyof AssessmentFormValues
    ;(fields[key] ??= []).push(issue)
  }
  return fields
}

/**
 * The body of POST/PUT /api/assessment/: the PDF only when a new file was chosen (an edit without one keeps
 * the stored file, ADR 0022), the parent only when the type has a parent type.
 */
export function toAssessmentInput(values: AssessmentFormValues, deps: AssessmentDependencies): AssessmentInput {
  const display = displayCodeOf(deps, values.content_display_type)
  const input = {
    title: values.title,
    subject: values.subject,
    language_title: values.language_title,
    skill_type: values.skill_type,
    assessment_type: values.assessment_type,
    assessment_parent: parentTypeOf(deps, values.assessment_type) !== null ? values.assessment_parent : null,
    content_display_type: values.content_display_type,
    content: values.content,
    minutes: values.minutes,
    seconds: values.seconds,
    levels: [...new Set(values.levels)],
    comprehension: values.comprehension,
    ...(display === CONTENT_DISPLAY_TYPES.pdf && values.pdf ? { pdf: values.pdf } : {}),
  }
  return v.parse(AssessmentSchema, input)
}
