// OpenAPI 3.1 document read from the routes the app serves: each carries its summary, tag, body schema and
// flags in its registration (`describe`, ADR 0132); bodies are the same valibot schemas the routes validate with.
import { toJsonSchema } from '@valibot/to-json-schema'
import { routeDocOf, type RouteDoc, type ServedRoute } from '../../lib/route-doc'

type Op = RouteDoc & { method: string; path: string }

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

/** A route's path as the document writes it: `/school/:schoolId{[0-9]+}/grade` is `/api/school/{schoolId}/grade/`. */
function documentedPath(prefix: string, routePath: string): string {
  const path = prefix + routePath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}').replace(/\/$/, '')
  return /\.\w+$/.test(path) ? path : `${path}/`
}

/** The operations the served routes describe at their registration (`describe`), in the order they were registered. */
function describedOperations(prefix: string, routes: readonly ServedRoute[]): Op[] {
  return routes.flatMap((r) => {
    const doc = routeDocOf(r.handler)
    return doc ? [{ ...doc, method: r.method.toLowerCase(), path: documentedPath(prefix, r.path) }] : []
  })
}

/** The document of the routes an app serves under `prefix`, built once at startup. */
export function openApiDocument(prefix: string, routes: readonly ServedRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const op of describedOperations(prefix, routes)) {
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
