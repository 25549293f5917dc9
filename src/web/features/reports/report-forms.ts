// The report forms' rules (spec §5): every date required as yyyy-mm-dd; a range may not end before it starts.
import * as v from 'valibot'
import { SCOPE_TYPES } from '../../../shared/schemas/assessment-library'

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

const date = v.pipe(v.string(), v.regex(DATE_PATTERN))
const scope = v.picklist([SCOPE_TYPES.institution, SCOPE_TYPES.school, SCOPE_TYPES.class])

export const RangeFormSchema = v.pipe(
  v.object({ from_date: date, to_date: date, scope }),
  v.check((value) => value.from_date <= value.to_date),
)
export type RangeForm = v.InferOutput<typeof RangeFormSchema>

export const ComparativeFormSchema = v.pipe(
  v.object({ first_from_date: date, first_to_date: date, second_from_date: date, second_to_date: date, scope }),
  v.check((value) => value.first_from_date <= value.first_to_date && value.second_from_date <= value.second_to_date),
)
export type ComparativeForm = v.InferOutput<typeof ComparativeFormSchema>

export type Scope = (typeof SCOPE_TYPES)[keyof typeof SCOPE_TYPES]

/** Class scope needs a chosen class (spec §8 'must select a class'). */
export function needsClass(scope: Scope, classId: number): boolean {
  return scope === SCOPE_TYPES.class && classId <= 0
}
