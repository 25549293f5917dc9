import * as v from 'valibot'
import { requiresSchoolMapping } from '../../../shared/roles'
import { CODES } from '../../../shared/schemas/codes'
import { UserSchema } from '../../../shared/schemas/user'
import type { UserInput } from '../../../shared/schemas/user'

/**
 * The user form: the shared UserSchema plus the rule the server checks on save, at least one school
 * ticked when the role requires school mapping (multipleCheckboxRequireOne). `schoolsLocked` is true when
 * the schools are not the form's to change (your own account), so the rule does not apply.
 */
export function userFormSchema(schoolsLocked = false) {
  return v.pipe(
    UserSchema,
    v.forward(
      v.partialCheck(
        [['role'], ['schools']],
        (input) => schoolsLocked || !requiresSchoolMapping(input.role) || (input.schools?.length ?? 0) > 0,
        CODES.requireOne,
      ),
      ['schools'],
    ),
  )
}

/** What is sent: schools only when the role maps to schools (the server ignores them otherwise). */
export function toUserInput(values: v.InferOutput<ReturnType<typeof userFormSchema>>): UserInput {
  return requiresSchoolMapping(values.role) ? values : { ...values, schools: undefined }
}
