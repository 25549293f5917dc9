import * as v from 'valibot'
import countries from 'i18n-iso-countries'
import { CODES } from './codes'
import { editVersion } from './edit-version'
import { email, personName, phone, requiredText, subdomain, zipcode } from '../rules/text'
import {
  CUSTOM_DESCRIPTION_MAX,
  CUSTOM_REGEX_MAX,
  DEFAULT_STUDENT_ID_TYPE,
  STUDENT_ID_TYPES,
  type StudentIdType,
  customRegexProblem,
} from '../rules/student-id'

const ALPHA2 = new Set(Object.keys(countries.getAlpha2Codes()))

/** An ISO 3166-1 alpha-2 country code (upper case), as listed by GET /api/country/. */
export const countryCode = v.pipe(
  v.string(CODES.required),
  v.trim(),
  v.nonEmpty(CODES.required),
  v.check((s) => ALPHA2.has(s), CODES.invalidCountry),
)

const optionalText = (max: number) => v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, CODES.tooLong))), '')

/** '' (or absent) for no phone, else 4 to `max` characters of digits, spaces, + and -. */
export const optionalPhone = (max: number) => v.optional(v.nullable(v.union([v.literal(''), phone(4, max)], CODES.invalidPhone)), '')

export const acronym = v.pipe(
  v.string(CODES.acronymRequired),
  v.trim(),
  v.nonEmpty(CODES.acronymRequired),
  v.maxLength(10, CODES.acronymTooLong),
  v.regex(/^[A-Z]+$/, CODES.acronymUppercase),
)

export const InstitutionAddressSchema = v.object({
  country: countryCode,
  state: optionalText(100),
  city: optionalText(100),
  zipcode: v.optional(v.nullable(zipcode), ''),
})

/** The institution's first (or an additional) administrator (spec §3 "Admin"). */
export const InstitutionAdminSchema = v.object({
  first_name: personName,
  last_name: personName,
  email,
  userprofile: v.optional(v.object({ phone_number: optionalPhone(30) }), { phone_number: '' }),
})
export type InstitutionAdminInput = v.InferInput<typeof InstitutionAdminSchema>

const fields = {
  organization_name: requiredText(4, 200),
  domain_url: optionalText(255),
  account_number: optionalText(100),
  about: optionalText(2000),
  address: InstitutionAddressSchema,
  acronym,
  student_id_validation_type: v.optional(v.picklist(STUDENT_ID_TYPES, CODES.invalidChoice), DEFAULT_STUDENT_ID_TYPE),
  student_id_custom_regex: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(CUSTOM_REGEX_MAX, CODES.tooLong))), ''),
  student_id_custom_description: optionalText(CUSTOM_DESCRIPTION_MAX),
}

type StudentIdFields = {
  student_id_validation_type: StudentIdType
  student_id_custom_regex?: string | null
  student_id_custom_description?: string | null
}

/** With CUSTOM_REGEX the pattern is required, must compile and must be safe; with any other type both fields are cleared. */
function studentIdRules<T extends StudentIdFields>() {
  return [
    v.rawCheck<T>(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value.student_id_validation_type !== 'CUSTOM_REGEX') return
      const pattern = dataset.value.student_id_custom_regex ?? ''
      const code = pattern.trim() === '' ? CODES.required : customRegexProblem(pattern)
      if (code) {
        addIssue({
          message: code,
          path: [{ type: 'object', origin: 'value', input: dataset.value as Record<string, unknown>, key: 'student_id_custom_regex', value: pattern }],
        })
      }
    }),
    v.transform<T, T & { student_id_custom_regex: string | null; student_id_custom_description: string | null }>((input) =>
      input.student_id_validation_type === 'CUSTOM_REGEX'
        ? { ...input, student_id_custom_regex: input.student_id_custom_regex ?? null, student_id_custom_description: input.student_id_custom_description || null }
        : { ...input, student_id_custom_regex: null, student_id_custom_description: null },
    ),
  ] as const
}

const createObject = v.object({
  ...fields,
  subdomain_name: subdomain,
  admin: InstitutionAdminSchema,
  /** Set once at creation (spec §4: carried unchanged on edit); false turns the school selector off. */
  has_multiple_school: v.optional(v.boolean(CODES.invalidChoice), true),
})
/** POST /api/client/: the institution and its first administrator, created together. */
export const InstitutionCreateSchema = v.pipe(createObject, ...studentIdRules<v.InferOutput<typeof createObject>>())
export type InstitutionCreateInput = v.InferInput<typeof InstitutionCreateSchema>

const updateObject = v.object({ ...fields, subdomain_name: v.optional(v.string()), updated_at: editVersion })
/**
 * PUT /api/client/{id}/: subdomain_name may be sent back unchanged (it is refused if it differs);
 * has_multiple_school is not editable and ignored.
 */
export const InstitutionUpdateSchema = v.pipe(updateObject, ...studentIdRules<v.InferOutput<typeof updateObject>>())
export type InstitutionUpdateInput = v.InferInput<typeof InstitutionUpdateSchema>

/** POST /api/client/client_admin/: another administrator for institution `client`. */
export const ClientAdminCreateSchema = v.object({
  client: v.pipe(v.number(CODES.required), v.integer(CODES.invalidNumber), v.minValue(1, CODES.invalidNumber)),
  ...InstitutionAdminSchema.entries,
})
export const ClientAdminUpdateSchema = v.object({ ...InstitutionAdminSchema.entries, updated_at: editVersion })

/** Current licence status shown upper-cased in the institution list (docs/adr/0011-licence-status.md). */
export const LICENCE_STATUSES = ['ACTIVE', 'EXHAUSTED', 'UPCOMING', 'EXPIRED', 'NONE'] as const
export type LicenceStatus = (typeof LICENCE_STATUSES)[number]

export type InstitutionAdmin = {
  id: number
  first_name: string
  last_name: string
  email: string
  is_active: boolean
  userprofile: { phone_number: string }
  /** Always answered by the server; send it back with an edit (ClientAdminUpdateSchema). */
  updated_at?: string
}

export type InstitutionListRow = {
  id: number
  organization_name: string
  subdomain_name: string
  acronym: string
  licence: LicenceStatus
  schools_count: number
  created_at: string
}

export type Institution = {
  id: number
  organization_name: string
  subdomain_name: string
  domain_url: string
  account_number: string
  about: string
  acronym: string
  address: { country: string; state: string; city: string; zipcode: string }
  student_id_validation_type: StudentIdType
  student_id_custom_regex: string | null
  student_id_custom_description: string | null
  has_multiple_school: boolean
  licence: LicenceStatus
  schools_count: number
  /** The first institution administrator, if any. */
  admin: InstitutionAdmin | null
  updated_at: string
}

export type InstitutionOption = { id: number; organization_name: string; subdomain_name: string }
export type CountryOption = { code: string; name_en: string; name_ar: string }
