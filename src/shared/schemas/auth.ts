import * as v from 'valibot'
import { CODES } from './codes'
import { email } from '../rules/text'
import { confirmed, currentPassword, newPassword } from '../rules/password'
import type { Role } from '../roles'

// The sign-in schema lives in its own module so the sign-in page does not load the password rules'
// common-password list (ADR 0100); it is re-exported here for the server and the OpenAPI document.
export { LoginSchema, USERNAME_PATTERN } from './login'
export type { LoginInput } from './login'

export const ForgotPasswordSchema = v.object({
  email: v.pipe(email, v.minLength(10, CODES.tooShort)),
})

export const ResetPasswordSchema = v.pipe(
  v.object({
    key: v.pipe(v.string(CODES.required), v.nonEmpty(CODES.required), v.maxLength(200, CODES.tooLong)),
    new_password: newPassword,
    confirm_new_password: v.pipe(v.string(CODES.required), v.nonEmpty(CODES.required)),
  }),
  confirmed(),
)

export const ChangePasswordSchema = v.pipe(
  v.object({
    old_password: currentPassword,
    new_password: newPassword,
    confirm_new_password: v.pipe(v.string(CODES.required), v.nonEmpty(CODES.required)),
  }),
  confirmed(),
)

export type Access = {
  has_access_to_multiple_tenant: boolean
  has_multiple_school_access: boolean
  has_school_selection: boolean
  has_year_selection: boolean
  landing_url: string
}

export type Profile = {
  id: number
  first_name: string
  last_name: string
  email: string
  role: Role
  institution: { id: number; name: string; subdomain: string } | null
}

/** Body of GET /api/myprofile/ and the profile part of the login answer. */
export type ProfilePayload = {
  profile: Profile
  menu: string[]
  create_roles: Role[]
  access: Access
}

/** The answer to renewing a sign-in: its new life in seconds from now. */
export type RenewPayload = { expires_in: number }

export type LoginPayload = ProfilePayload & {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
}
