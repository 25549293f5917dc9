import * as v from 'valibot'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import { phone, requiredText, zipcode } from '../rules/text'

/**
 * State and city, when given, start with a letter (spec §5 "address pattern"); a street may also start with
 * a building number ("5 Corniche Road"), never with punctuation.
 */
const addressPart = (max: number, start = /^\p{L}/u) =>
  v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(max, CODES.tooLong), v.check((s) => s === '' || start.test(s), CODES.invalidAddress)),
    '',
  )

export const SchoolAddressSchema = v.object({
  country: v.pipe(v.string(CODES.required), v.trim(), v.nonEmpty(CODES.required), v.regex(/^[A-Z]{2}$/, CODES.invalidChoice)),
  state: addressPart(100),
  city: addressPart(100),
  street: addressPart(100, /^[\p{L}\p{N}]/u),
  zipcode: v.optional(zipcode, ''),
})

export const SchoolSchema = v.object({
  identifier: requiredText(4, 100),
  display_name: requiredText(4, 200),
  arabic_display_name: requiredText(4, 200),
  phone_number: v.optional(v.union([v.literal(''), phone(4, 20)], CODES.invalidPhone), ''),
  school_address: SchoolAddressSchema,
  updated_at: editVersion,
})
export type SchoolInput = v.InferInput<typeof SchoolSchema>

export type School = {
  id: number
  identifier: string
  display_name: string
  arabic_display_name: string
  phone_number: string
  school_address: { country: string; state: string; city: string; street: string; zipcode: string }
  is_deletable: boolean
  updated_at: string
}
