// Demo institution (administration spec §3, §4, §5, §9): the request that starts a copy of an institution and
// the task status the screen polls. Messages are the spec's own, through the codes.
import * as v from 'valibot'
import { CODES } from './codes'

export const DEMO_SUBDOMAIN_PATTERN = /^[A-Za-z0-9-]+$/

/**
 * The password every user of a demo institution gets, shown on the completion card. Public by design: a demo
 * holds no real people (names and e-mails are generated) and is meant to be handed around.
 */
export const DEMO_USER_PASSWORD = 'Demo@2026'

/** A missing field counts as empty, so it gets the spec's "… is required" message rather than a generic one. */
const field = <S extends v.GenericSchema>(schema: S) => v.optional(schema, '')

export const DemoInstitutionSchema = v.object({
  source_client_id: field(v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(CODES.demoSourceRequired), v.regex(/^\d+$/, CODES.demoSourceRequired), v.transform(Number))], CODES.demoSourceRequired),
    v.number(CODES.demoSourceRequired),
    v.integer(CODES.demoSourceRequired),
    v.minValue(1, CODES.demoSourceRequired),
  )),
  demo_name: field(v.pipe(
    v.string(CODES.demoNameRequired),
    v.trim(),
    v.nonEmpty(CODES.demoNameRequired),
    v.minLength(3, CODES.demoNameTooShort),
    v.maxLength(200, CODES.tooLong),
  )),
  demo_subdomain: field(v.pipe(
    v.string(CODES.demoSubdomainRequired),
    v.trim(),
    v.nonEmpty(CODES.demoSubdomainRequired),
    v.minLength(3, CODES.demoSubdomainTooShort),
    v.maxLength(63, CODES.tooLong),
    v.regex(DEMO_SUBDOMAIN_PATTERN, CODES.demoSubdomainPattern),
    v.toLowerCase(),
  )),
  notify_email: field(v.pipe(
    v.string(CODES.notifyEmailRequired),
    v.trim(),
    v.nonEmpty(CODES.notifyEmailRequired),
    v.email(CODES.notifyEmailInvalid),
    v.maxLength(254, CODES.tooLong),
  )),
})
export type DemoInstitutionRequest = v.InferOutput<typeof DemoInstitutionSchema>

export const DemoStatusRequestSchema = v.object({
  task_id: v.pipe(v.string(CODES.required), v.trim(), v.nonEmpty(CODES.required), v.maxLength(100, CODES.tooLong)),
})

export type DemoStatistics = {
  access_url: string
  schools_copied: number
  users_copied: number
  students_copied: number
  classes_copied: number
  enrolments_copied: number
  sittings_copied: number
  first_admin_username: string | null
  demo_password: string
}

/** POST /api/demo-institution/status/ answers one of these (spec §3 "Task status"). */
export type DemoTaskStatus =
  | { state: 'PENDING'; status: string | null }
  | { state: 'PROGRESS'; current: number; total: number; status: string | null }
  | { state: 'SUCCESS'; demo_client_id: number; statistics: DemoStatistics; message: string }
  | { state: 'FAILURE'; error: string }
  | { state: 'UNKNOWN' }
