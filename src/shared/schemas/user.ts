import * as v from 'valibot'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import { email, personName, phone } from '../rules/text'
import { ROLES, type Role } from '../roles'

export const roleField = v.pipe(
  v.string(CODES.required),
  v.trim(),
  v.nonEmpty(CODES.required),
  v.check((s) => (ROLES as readonly string[]).includes(s), CODES.invalidChoice),
  v.transform((s) => s as Role),
)

const schoolIds = v.array(
  v.pipe(v.number(CODES.invalidNumber), v.integer(CODES.invalidNumber), v.minValue(1, CODES.invalidNumber)),
  CODES.invalidChoice,
)

export const UserProfileSchema = v.object({
  phone_number: v.optional(v.nullable(v.union([v.literal(''), phone(4, 30)], CODES.invalidPhone)), ''),
  known_languages: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200, CODES.tooLong))), ''),
})

/**
 * POST and PUT /api/user/. `schools` is required (at least one) when the role requires school mapping
 * (roles.ts); the server checks that rule, since on PUT the current mapping may be kept.
 */
export const UserSchema = v.object({
  first_name: personName,
  last_name: personName,
  email,
  role: roleField,
  userprofile: v.optional(UserProfileSchema, {}),
  is_active: v.optional(v.boolean(CODES.invalidChoice), true),
  schools: v.optional(v.pipe(schoolIds, v.maxLength(500, CODES.tooLong))),
  updated_at: editVersion,
})
export type UserInput = v.InferInput<typeof UserSchema>

/** POST /api/user/{id}/school/ */
export const UserSchoolsSchema = v.object({ schools: v.pipe(schoolIds, v.maxLength(500, CODES.tooLong)) })

export type UserRow = {
  id: number
  first_name: string
  last_name: string
  /** first_name and last_name combined, for the list. */
  name: string
  email: string
  role: Role
  role_name: string
  required_school_mapping: boolean
  userprofile: { phone_number: string; known_languages: string }
  is_active: boolean
  schools: number[]
  school_names: string[]
  is_deletable: boolean
  updated_at: string
}
