import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { MESSAGES } from '../../src/server/lib/messages'
import { api } from '../../src/shared/api'
import { Hono } from 'hono'
import { describe as describeRoute } from '../../src/server/lib/route-doc'
import { openApiDocument } from '../../src/server/areas/system/openapi'

let h: Harness
let doc: any

beforeAll(async () => {
  h = await createHarness()
  const res = await h.request('GET', api.openapi)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  doc = res.body
})
afterAll(async () => {
  await h?.close()
})

const jsonBodyProps = (op: any) => op.requestBody.content['application/json'].schema.properties

/** A route's path as the document writes it: `/api/school/:schoolId{[0-9]+}/grade` is `/api/school/{schoolId}/grade`. */
const documentedForm = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}').replace(/\/$/, '')
/** The same operation whatever its parameters are named: `GET /api/school/{}/grade`. */
const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${documentedForm(path).replace(/\{\w+\}/g, '{}')}`

/**
 * Served under /api yet kept out of the document, each with the reason. Empty: every route is described, so the
 * generated bad-input and access-matrix suites reach it (ADR 0119).
 */
const KEPT_OUT: Record<string, string> = {}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with info and paths, served without a token', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title).toEqual(expect.any(String))
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0)
  })

  it('describes login as a form post with username and password', () => {
    const login = doc.paths['/api/login/']?.post
    expect(login).toBeDefined()
    const schema = login.requestBody.content['application/x-www-form-urlencoded'].schema
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['username', 'password']))
  })

  it.each(['grade', 'section'])('describes the %s calls with identifier and display_name bodies', (name) => {
    const list = doc.paths[`/api/school/{schoolId}/${name}/`]
    const item = doc.paths[`/api/school/{schoolId}/${name}/{id}/`]
    expect(Object.keys(list).sort()).toEqual(['get', 'post'])
    expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'put'])
    expect(doc.paths[`/api/work-flow/school/{schoolId}/${name}/`]?.get).toBeDefined()
    for (const op of [list.post, item.put]) {
      expect(Object.keys(jsonBodyProps(op))).toEqual(expect.arrayContaining(['identifier', 'display_name']))
      expect(op.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['identifier', 'display_name']))
    }
    expect(list.get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['schoolId', 'page', 'ordering']))
    expect(list.post.security).toEqual([{ bearer: [] }])
  })

  it('lists only paths the server actually routes', async () => {
    const token = await h.login('institution.admin@sample.test')
    const schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
    for (const [template, ops] of Object.entries<Record<string, unknown>>(doc.paths)) {
      // Our school for {schoolId}, a sub-domain for {sub}, and ids that do not exist for the rest.
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'schoolId' ? String(schoolId) : name === 'sub' ? 'sample' : '999999'))
      for (const method of Object.keys(ops)) {
        // A throwaway token for logout; an empty JSON body for writes so nothing changes.
        const t = path === api.logout ? await h.login('viewer@sample.test') : token
        const res = await h.request(method.toUpperCase(), path, { token: t, json: method === 'get' ? undefined : {} })
        expect(res.status, `${method} ${template}`).toBeLessThan(500)
        expect(res.body?.message?.errors ?? [], `${method} ${template}`).not.toContain(MESSAGES.routeNotFound.en)
      }
    }
  })

  const servedRoutes = () => h.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
  const documentedPaths = () => new Map(Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => [operationKey(m, path), documentedForm(path)] as const)))

  it('documents every route the server serves under /api', () => {
    const documented = documentedPaths()
    const served = new Set(servedRoutes().map((r) => operationKey(r.method, r.path)))
    expect([...served].filter((key) => !documented.has(key) && !(key in KEPT_OUT)).sort()).toEqual([])
    // An entry is dropped once its route is documented or gone.
    expect(Object.keys(KEPT_OUT).filter((key) => documented.has(key) || !served.has(key))).toEqual([])
  })

  it('names the path parameters as the routes do', () => {
    // The generated suites fill a parameter by its name (schoolId, yearId, classId...), so the names must be the route's.
    const documented = documentedPaths()
    const renamed = servedRoutes()
      .map((r) => ({ route: documentedForm(r.path), doc: documented.get(operationKey(r.method, r.path)) }))
      .filter((p) => p.doc !== undefined && p.doc !== p.route)
    expect(renamed).toEqual([])
  })
})

describe('the document read from the routes', () => {
  it('holds the routes that carry their description, under the path the document writes, and no other', () => {
    const area = new Hono({ strict: false })
      .get('/school/:schoolId{[0-9]+}/note', describeRoute({ summary: 'List notes', tag: 'note', list: true }), (c) => c.json({}))
      .post('/school/:schoolId{[0-9]+}/note', (c) => c.json({}))
    const app = new Hono({ strict: false }).get('/spec.json', describeRoute({ summary: 'The spec', tag: 'system', auth: false }), (c) => c.json({})).route('/', area)
    const paths = openApiDocument('/api', app.routes).paths as Record<string, Record<string, any>>
    expect(Object.keys(paths).sort()).toEqual(['/api/school/{schoolId}/note/', '/api/spec.json'])
    expect(Object.keys(paths['/api/school/{schoolId}/note/']!)).toEqual(['get'])
    expect(paths['/api/school/{schoolId}/note/']!.get.parameters.map((p: any) => p.name)).toEqual(['schoolId', 'page', 'ordering'])
    expect(paths['/api/spec.json']!.get.security).toBeUndefined()
  })
})
