import * as v from 'valibot'
import { ClassCopySchema } from '../../../shared/schemas/class'
import { CODES } from '../../../shared/schemas/codes'

const schoolId = v.pipe(v.number(CODES.required), v.integer(CODES.invalidChoice), v.minValue(1, CODES.invalidChoice))

/**
 * The class-copy form (spec §5): source and destination school, both required, and the shared
 * ClassCopySchema (at least one class). The two schools must also differ: `sameSchools`, checked beside
 * the schema so the form can say so in its own words.
 */
export const ClassCopyFormSchema = v.object({
  src_school: schoolId,
  des_school: schoolId,
  ...ClassCopySchema.entries,
})

export type ClassCopyFormValues = { src_school: number | null; des_school: number | null; classes: number[] }
export type ClassCopyInput = v.InferOutput<typeof ClassCopyFormSchema>

export function sameSchools(values: ClassCopyFormValues): boolean {
  return values.src_school !== null && values.src_school === values.des_school
}

/** Validation codes per field (for the form's fields), empty when the values pass the schema. */
export function classCopyIssues(values: ClassCopyFormValues): Partial<Record<keyof ClassCopyFormValues, string>> {
  const result = v.safeParse(ClassCopyFormSchema, values, { abortPipeEarly: true })
  if (result.success) return {}
  const fields: Partial<Record<keyof ClassCopyFormValues, string>> = {}
  for (const issue of result.issues) {
    const key = v.getDotPath(issue)?.split('.')[0] as keyof ClassCopyFormValues | undefined
    if (key && !fields[key]) fields[key] = issue.message
  }
  return fields
}

/** Ready to send: every field valid and the schools different; otherwise null. */
export function toCopyInput(values: ClassCopyFormValues): ClassCopyInput | null {
  if (sameSchools(values)) return null
  const result = v.safeParse(ClassCopyFormSchema, values)
  return result.success ? result.output : null
}
