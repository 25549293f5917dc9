// OpenAPI 3.1 document built from the same valibot schemas the routes validate with.
import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, ResetPasswordSchema } from '../../../shared/schemas/auth'
import { GradeSchema } from '../../../shared/schemas/grade'
import { SectionSchema } from '../../../shared/schemas/section'

type Op = { method: string; path: string; summary: string; tag: string; body?: v.GenericSchema; form?: boolean; auth?: boolean; list?: boolean }

const catalog = (name: 'grade' | 'section', schema: v.GenericSchema): Op[] => [
  { method: 'get', path: `/api/school/{schoolId}/${name}/`, summary: `List ${name}s of a school`, tag: name, list: true },
  { method: 'post', path: `/api/school/{schoolId}/${name}/`, summary: `Create a ${name}`, tag: name, body: schema },
  { method: 'get', path: `/api/school/{schoolId}/${name}/{id}/`, summary: `Read a ${name}`, tag: name },
  { method: 'put', path: `/api/school/{schoolId}/${name}/{id}/`, summary: `Update a ${name} (send updated_at to detect conflicting edits)`, tag: name, body: schema },
  { method: 'delete', path: `/api/school/{schoolId}/${name}/{id}/`, summary: `Delete a ${name} (409 while classes use it)`, tag: name },
  { method: 'get', path: `/api/work-flow/school/{schoolId}/${name}/`, summary: `Whether ${name}s may be added here (payload.message disables Add)`, tag: name },
]

const OPERATIONS: Op[] = [
  { method: 'get', path: '/api/valid-subdomain/{sub}/', summary: 'Whether a sub-domain names an institution', tag: 'auth', auth: false },
  { method: 'post', path: '/api/login/', summary: 'Sign in (password grant; form data with client_id, client_secret, grant_type=password)', tag: 'auth', body: LoginSchema, form: true, auth: false },
  { method: 'get', path: '/api/myprofile/', summary: 'Profile, menu, create_roles and access flags', tag: 'auth' },
  { method: 'post', path: '/api/logout/', summary: 'Revoke the current token', tag: 'auth' },
  { method: 'post', path: '/api/forgot-password/', summary: 'Mail a single-use reset link (always 200)', tag: 'auth', body: ForgotPasswordSchema, auth: false },
  { method: 'post', path: '/api/reset-password/', summary: 'Set a new password with a reset key', tag: 'auth', body: ResetPasswordSchema, auth: false },
  { method: 'post', path: '/api/change-password/', summary: 'Change own password', tag: 'auth', body: ChangePasswordSchema },
  { method: 'get', path: '/api/myschools/', summary: 'Schools the user may work in', tag: 'school' },
  { method: 'get', path: '/api/academic-year/', summary: 'Academic years of the institution', tag: 'academic-year' },
  ...catalog('grade', GradeSchema),
  ...catalog('section', SectionSchema),
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

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of OPERATIONS) {
    const parameters = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: m[1] === 'sub' ? 'string' : 'integer' } }))
    if (op.list) {
      parameters.push(
        { name: 'page', in: 'query', required: false, schema: { type: 'integer' } },
        { name: 'ordering', in: 'query', required: false, schema: { type: 'string' } },
      )
    }
    const writes = op.method !== 'get'
    const operation: Record<string, unknown> = {
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
