// What the institution form holds, how a loaded institution fills it, and how its values become the
// bodies of POST /api/client/ (institution + first admin), PUT /api/client/{id}/ and the admin PUT.
import * as v from 'valibot'
import {
  InstitutionCreateSchema,
} from '../../../shared/schemas/institution'
import type {
  Institution, InstitutionAdmin, InstitutionAdminInput, InstitutionCreateInput, InstitutionUpdateInput,
} from '../../../shared/schemas/institution'
import { DEFAULT_STUDENT_ID_TYPE } from '../../../shared/rules/student-id'
import type { StudentIdType } from '../../../shared/rules/student-id'

export type InstitutionFormValues = {
  organization_name: string
  subdomain_name: string
  acronym: string
  account_number: string
  domain_url: string
  about: string
  address: { country: string; state: string; city: string; zipcode: string }
  student_id_validation_type: StudentIdType
  student_id_custom_regex: string
  student_id_custom_description: string
  admin: { first_name: string; last_name: string; email: string; userprofile: { phone_number: string } }
  /** Chosen on create only; shown read-only on edit (the server ignores it there). */
  has_multiple_school: boolean
}

/**
 * Field names as the form and the server's error paths spell them. The admin's own calls answer with
 * paths relative to the admin (`email`), which adminFieldName() moves under `admin.`.
 */
export const INSTITUTION_FIELDS = [
  'organization_name', 'subdomain_name', 'acronym', 'account_number', 'domain_url', 'about',
  'address.country', 'address.state', 'address.city', 'address.zipcode',
  'student_id_validation_type', 'student_id_custom_regex', 'student_id_custom_description',
  'admin.first_name', 'admin.last_name', 'admin.email', 'admin.userprofile.phone_number',
] as const

export function toFormValues(institution?: Institution): InstitutionFormValues {
  const admin = institution?.admin
  return {
    organization_name: institution?.organization_name ?? '',
    subdomain_name: institution?.subdomain_name ?? '',
    acronym: institution?.acronym ?? '',
    account_number: institution?.account_number ?? '',
    domain_url: institution?.domain_url ?? '',
    about: institution?.about ?? '',
    address: {
      country: institution?.address.country ?? '',
      state: institution?.address.state ?? '',
      city: institution?.address.city ?? '',
      zipcode: institution?.address.zipcode ?? '',
    },
    student_id_validation_type: institution?.student_id_validation_type ?? DEFAULT_STUDENT_ID_TYPE,
    student_id_custom_regex: institution?.student_id_custom_regex ?? '',
    student_id_custom_description: institution?.student_id_custom_description ?? '',
    admin: {
      first_name: admin?.first_name ?? '',
      last_name: admin?.last_name ?? '',
      email: admin?.email ?? '',
      userprofile: { phone_number: admin?.userprofile.phone_number ?? '' },
    },
    has_multiple_school: institution?.has_multiple_school ?? true,
  }
}

/**
 * The one schema the form validates with, in both modes: on edit the sub-domain is read-only and
 * sent back unchanged (the server refuses a different one), and the admin part is required because an
 * institution always has an administrator (ADR 0008).
 */
export const InstitutionFormSchema = InstitutionCreateSchema

/** The form is typed with the schema's input type, which the filled values always satisfy. */
export type InstitutionFormInput = InstitutionCreateInput

export function isValidForm(values: InstitutionFormInput): boolean {
  return v.is(InstitutionFormSchema, values)
}

/** Body of POST /api/client/: the institution and its first administrator together. */
export function toCreateBody(values: InstitutionFormInput): InstitutionCreateInput {
  return v.parse(InstitutionFormSchema, values)
}

/** Bodies for an edit: the institution's PUT, and the admin's only when something about the admin changed. */
export function toEditBodies(values: InstitutionFormInput, current: Institution): {
  institution: InstitutionUpdateInput
  admin: InstitutionAdminInput | null
} {
  const { admin, ...institution } = v.parse(InstitutionFormSchema, values)
  return {
    institution: { ...institution, subdomain_name: current.subdomain_name },
    admin: adminChanged(admin, current.admin) ? admin : null,
  }
}

type ParsedAdmin = v.InferOutput<typeof InstitutionFormSchema>['admin']

export function adminChanged(next: ParsedAdmin, current: InstitutionAdmin | null): boolean {
  if (!current) return true
  return (
    next.first_name !== current.first_name.trim() ||
    next.last_name !== current.last_name.trim() ||
    next.email.toLowerCase() !== current.email.toLowerCase() ||
    (next.userprofile.phone_number ?? '') !== (current.userprofile.phone_number ?? '')
  )
}

/** The admin calls report `email`, `userprofile.phone_number`…; the form's fields live under `admin.`. */
export function adminFieldName(name: string): string {
  return name.startsWith('admin.') ? name : `admin.${name}`
}
