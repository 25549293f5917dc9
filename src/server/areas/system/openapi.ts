// OpenAPI 3.1 document built from the same valibot schemas the routes validate with.
import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, ResetPasswordSchema } from '../../../shared/schemas/auth'
import { GradeSchema } from '../../../shared/schemas/grade'
import { SectionSchema } from '../../../shared/schemas/section'
import { ASSESSMENT_CONTENT_OPERATIONS } from './openapi-assessment-content'
import { REPORT_OPERATIONS } from './openapi-reports'
import { SCORING_OPERATIONS } from './openapi-scoring'
import { BENCHMARK_OPERATIONS } from './openapi-benchmarks'
import { BULK_UPLOAD_OPERATIONS } from './openapi-bulk-uploads'
import { SCHOOL_STRUCTURE_OPERATIONS } from './openapi-school-structure'
import {
  ClientAdminCreateSchema,
  ClientAdminUpdateSchema,
  InstitutionCreateSchema,
  InstitutionUpdateSchema,
} from '../../../shared/schemas/institution'
import { LicenceSchema } from '../../../shared/schemas/licence'
import { UserSchema, UserSchoolsSchema } from '../../../shared/schemas/user'
import { BATCH_MAX_REQUESTS, BatchSchema } from '../../../shared/schemas/batch'
import { DemoInstitutionSchema, DemoStatusRequestSchema } from '../../../shared/schemas/demo-institution'

type Op = { method: string; path: string; summary: string; tag: string; body?: v.GenericSchema; form?: boolean; auth?: boolean; list?: boolean; operationId?: string }

const catalog = (name: 'grade' | 'section', schema: v.GenericSchema): Op[] => [
  { method: 'get', path: `/api/school/{schoolId}/${name}/`, summary: `List ${name}s of a school`, tag: name, list: true },
  { method: 'post', path: `/api/school/{schoolId}/${name}/`, summary: `Create a ${name}`, tag: name, body: schema },
  { method: 'get', path: `/api/school/{schoolId}/${name}/{id}/`, summary: `Read a ${name}`, tag: name },
  { method: 'put', path: `/api/school/{schoolId}/${name}/{id}/`, summary: `Update a ${name} (send updated_at to detect conflicting edits)`, tag: name, body: schema },
  { method: 'delete', path: `/api/school/{schoolId}/${name}/{id}/`, summary: `Delete a ${name} (409 while classes use it)`, tag: name },
  { method: 'get', path: `/api/work-flow/school/{schoolId}/${name}/`, summary: `Whether ${name}s may be added here (payload.message disables Add)`, tag: name },
]

const OPERATIONS: Op[] = [
  // Operations: probes for orchestrators, this document, and the reverse proxy's certificate question.
  { method: 'get', path: '/api/health/', summary: 'Liveness: answers 200 {ok: true} while the process answers', tag: 'system', auth: false },
  { method: 'get', path: '/api/ready/', summary: 'Readiness: 200 when the database answers and every migration is applied, else 503; payload {ready, database, migrations}', tag: 'system', auth: false },
  { method: 'get', path: '/api/openapi.json', summary: 'This OpenAPI 3.1 document', tag: 'system', auth: false },
  { method: 'get', path: '/api/tls-allowed/', summary: 'For a reverse proxy issuing certificates on demand (Caddy on_demand_tls ask): 200 when ?domain= is the platform host or the sub-domain of an existing institution, else 404', tag: 'system', auth: false },
  { method: 'get', path: '/api/valid-subdomain/{sub}/', summary: 'Whether a sub-domain names an institution', tag: 'auth', auth: false },
  { method: 'post', path: '/api/login/', summary: 'Sign in (password grant; form data with client_id, client_secret, grant_type=password)', tag: 'auth', body: LoginSchema, form: true, auth: false },
  { method: 'get', path: '/api/myprofile/', summary: 'Profile, menu, create_roles and access flags', tag: 'auth' },
  { method: 'post', path: '/api/logout/', summary: 'Revoke the current token', tag: 'auth' },
  { method: 'post', path: '/api/renew-session/', summary: 'Renew the current token for TOKEN_TTL_SECONDS from now; answers expires_in', tag: 'auth' },
  { method: 'post', path: '/api/forgot-password/', summary: 'Mail a single-use reset link (always 200)', tag: 'auth', body: ForgotPasswordSchema, auth: false },
  { method: 'post', path: '/api/reset-password/', summary: 'Set a new password with a reset key', tag: 'auth', body: ResetPasswordSchema, auth: false },
  { method: 'post', path: '/api/change-password/', summary: 'Change own password', tag: 'auth', body: ChangePasswordSchema },
  { method: 'get', path: '/api/myschools/', summary: 'Schools the user may work in', tag: 'school' },
  { method: 'get', path: '/api/academic-year/', summary: 'Academic years of the institution', tag: 'academic-year' },
  ...catalog('grade', GradeSchema),
  ...catalog('section', SectionSchema),
  // Administration: institutions, licences (platform host), users (institution host), countries.
  { method: 'get', path: '/api/client/', summary: 'List institutions with licence status (ACTIVE, EXHAUSTED, UPCOMING, EXPIRED, NONE) and schools count; platform host', tag: 'institution', list: true },
  { method: 'post', path: '/api/client/', summary: 'Create an institution and its first administrator (invited by mail); platform host', tag: 'institution', body: InstitutionCreateSchema },
  { method: 'get', path: '/api/client/{id}/', summary: 'Read an institution with its first administrator', tag: 'institution' },
  { method: 'put', path: '/api/client/{id}/', summary: 'Update an institution (subdomain_name must be unchanged; has_multiple_school ignored)', tag: 'institution', body: InstitutionUpdateSchema },
  { method: 'post', path: '/api/client/client_admin/', summary: 'Add an administrator to institution `client` (invited by mail)', tag: 'institution', body: ClientAdminCreateSchema },
  { method: 'put', path: '/api/client/client_admin/{id}/', summary: 'Update an institution administrator', tag: 'institution', body: ClientAdminUpdateSchema },
  { method: 'get', path: '/api/client_admin/', summary: 'Administrators of the institution of this host', tag: 'institution' },
  { method: 'get', path: '/api/institutions/', summary: 'Institution selector options {id, organization_name, subdomain_name}', tag: 'institution' },
  { method: 'get', path: '/api/assessmentAsClient/{id}/', summary: 'Assessments assigned to institution {id} (assign with PUT /api/assessment/{id}/clients/)', tag: 'institution' },
  { method: 'get', path: '/api/institution/{institutionId}/license/', summary: 'List licences of an institution (used_quantity = active students)', tag: 'licence', list: true },
  { method: 'post', path: '/api/institution/{institutionId}/license/', summary: 'Add a licence', tag: 'licence', body: LicenceSchema },
  { method: 'get', path: '/api/institution/{institutionId}/license/{id}/', summary: 'Read a licence', tag: 'licence' },
  { method: 'put', path: '/api/institution/{institutionId}/license/{id}/', summary: 'Update a licence', tag: 'licence', body: LicenceSchema },
  { method: 'get', path: '/api/user/', summary: 'List users (search first_name, last_name, email, role); school admins see users of their schools', tag: 'user', list: true },
  { method: 'post', path: '/api/user/', summary: 'Create a user with a role from create_roles; mails a 7-day set-password invitation', tag: 'user', body: UserSchema },
  { method: 'get', path: '/api/user/{id}/', summary: 'Read a user', tag: 'user' },
  { method: 'put', path: '/api/user/{id}/', summary: 'Update a user (deactivation revokes its sessions; not your own role or activity)', tag: 'user', body: UserSchema },
  { method: 'delete', path: '/api/user/{id}/', summary: 'Delete a user (not yourself)', tag: 'user' },
  { method: 'get', path: '/api/user/{id}/school/', summary: 'School ids mapped to a user (payload.schools)', tag: 'user' },
  { method: 'post', path: '/api/user/{id}/school/', summary: 'Set the schools of a user', tag: 'user', body: UserSchoolsSchema },
  { method: 'get', path: '/api/work-flow/user/', summary: 'Whether users may be added (payload.message disables Add)', tag: 'user' },
  { method: 'post', path: '/api/demo-institution/create/', summary: 'Copy institution source_client_id into a new demo institution on sub-domain demo_subdomain, for platform admins on the platform host; answers 202 {task_id} at once, the copy runs as a job and notify_email is mailed when it is ready. 400 for an unknown source or a reserved, taken or already queued sub-domain', tag: 'institution', body: DemoInstitutionSchema },
  { method: 'post', path: '/api/demo-institution/status/', summary: 'The state of a demo copy task (a read sent as POST): PENDING or PROGRESS {current, total, status}, SUCCESS {demo_client_id, statistics, message}, FAILURE {error}, or UNKNOWN for an id that is not a demo copy', tag: 'institution', body: DemoStatusRequestSchema },
  { method: 'get', path: '/api/country/', summary: 'ISO 3166-1 alpha-2 countries {code, name_en, name_ar}, sorted by English name', tag: 'reference' },
  ...ASSESSMENT_CONTENT_OPERATIONS,
  ...REPORT_OPERATIONS,
  ...SCORING_OPERATIONS,
  ...BENCHMARK_OPERATIONS,
  ...SCHOOL_STRUCTURE_OPERATIONS,
  ...BULK_UPLOAD_OPERATIONS,
  {
    method: 'post', path: '/api/batch/', tag: 'batch', body: BatchSchema, operationId: 'applyWriteBatch',
    summary: `Apply up to ${BATCH_MAX_REQUESTS} JSON writes (POST/PUT/PATCH/DELETE on /api/, each with its own Idempotency-Key) in order, as if sent alone with this call's credentials; stops at the first answer that is not 2xx. payload.results[i] = { status, body, headers } answers requests[i]; writes without a result were not attempted`,
  },
]

const errorBody = {
  type: 'object',
  properties: {
    message: {
      type: 'object',
      properties: {
        errors: { type: 'array', items: { type: 'string' } },
        fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        codes: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['errors'],
    },
  },
}

/** Path parameters that are text, not ids. */
const STRING_PARAMS = new Set(['kind', 'type', 'uploadId', 'sub', 'from', 'to', 'firstFrom', 'firstTo', 'secondFrom', 'secondTo'])

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPERATIONS) {
    const parameters = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: STRING_PARAMS.has(m[1]!) ? 'string' : 'integer' } }))
    if (op.list) {
      parameters.push(
        { name: 'page', in: 'query', required: false, schema: { type: 'integer' } },
        { name: 'ordering', in: 'query', required: false, schema: { type: 'string' } },
      )
    }
    const writes = op.method !== 'get'
    const operation: Record<string, unknown> = {
      ...(op.operationId ? { operationId: op.operationId } : {}),
      summary: op.summary,
      tags: [op.tag],
      parameters: [
        ...parameters,
        ...(writes ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } }] : []),
      ],
      responses: {
        '200': { description: 'Success: { payload }' },
        '400': { description: 'Invalid input', content: { 'application/json': { schema: errorBody } } },
        ...(op.auth === false ? {} : { '401': { description: 'Not signed in' }, '403': { description: 'Not allowed for this role or school' } }),
      },
    }
    if (op.auth !== false) operation.security = [{ bearer: [] }]
    if (op.body) {
      const schema = toJsonSchema(op.body, { errorMode: 'ignore' })
      operation.requestBody = { required: true, content: { [op.form ? 'application/x-www-form-urlencoded' : 'application/json']: { schema } } }
    }
    ;(paths[op.path] ??= {})[op.method] = operation
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Miscue institution API', version: '0.1.0', description: 'Tenancy by Host: {subdomain}.BASE_DOMAIN is an institution.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  }
}
