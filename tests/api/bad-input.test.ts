// Generated bad input over every operation of /api/openapi.json: wrong types, out-of-range and non-int4
// ids, NUL and odd unicode, injection strings, prototype-pollution keys, bad pages and orderings,
// duplicated parameters, huge, empty and malformed bodies, wrong content types, odd headers.
// Every answer must be below 500, in the error envelope when it is a failure, and free of stack
// traces, SQL and internal paths. Seeded (BAD_INPUT_SEED) and deterministic; BAD_INPUT_CASES sets the
// count (5,000 by default; e.g. 50000 for a full run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, createHarness, type Harness } from '../setup/api-harness'
import { BAD_IDS, BAD_TEXT, badValue, jsonText, percentEncoded, sampleFor, seededRandom, type Random } from '../setup/hostile-input'
import { api } from '../../src/shared/api'

const CASES = Number(process.env.BAD_INPUT_CASES || 5000)
const SEED = Number(process.env.BAD_INPUT_SEED || 20261124)
const BATCH = 8

/** Text that must never reach a client: stack frames, SQL, driver names, file paths. */
const LEAK = /(\bat [\w.<>]+ \(|\.ts:\d+:\d+|node_modules|\/work\/|src\/server|\bselect\b[^"]{0,80}\bfrom\b|\binsert into\b|\bupdate\b[^"]{0,40}\bset\b|syntax error at|violates .* constraint|DrizzleQueryError|PGlite|pg_strtoint|duplicate key value|relation "|column "|TypeError|ReferenceError|RangeError|SyntaxError: )/i

type Operation = { method: string; path: string; params: { name: string; in: string }[]; body?: { type: string; schema: any } }

let h: Harness
let ops: Operation[]
const tokens: Record<string, string> = {}
let ids: { schoolId: number; yearId: number; classId: number; studentId: number }

beforeAll(async () => {
  h = await createHarness()
  const doc = (await h.request('GET', api.openapi)).body
  ops = []
  for (const [path, methods] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      const content = op.requestBody?.content as Record<string, { schema: unknown }> | undefined
      const type = content ? Object.keys(content)[0]! : undefined
      ops.push({ method: method.toUpperCase(), path, params: op.parameters ?? [], body: type ? { type, schema: content![type]!.schema } : undefined })
    }
  }
  tokens.sample = await h.login('institution.admin@sample.test')
  tokens.platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
  const schoolId = (await h.request('GET', api.mySchools, { token: tokens.sample })).body.payload.results[0].id
  const yearId = (await h.request('GET', api.academicYears, { token: tokens.sample })).body.payload.results[0].id
  const classId = (await h.request('GET', `/api/school/${schoolId}/class/`, { token: tokens.sample })).body.payload.results[0].id
  const studentId = (await h.request('GET', `/api/school/${schoolId}/year/${yearId}/student/`, { token: tokens.sample })).body.payload.results[0]?.id ?? 1
  ids = { schoolId, yearId, classId, studentId }
}, 120_000)
afterAll(async () => {
  await h?.close()
})

/** plainUrl: for a percent-encoded address, the same address as typed (a read must answer the same to both). */
type Case = { op: Operation; kind: string; method: string; url: string; plainUrl?: string; host: string; headers: Record<string, string>; body?: string }

/** Fills the path with real ids, then makes one or more of its parts (or the body, query, headers) hostile. */
function generate(r: Random, op: Operation): Case {
  const real = (name: string) => String(name === 'sub' ? 'sample' : name === 'schoolId' || name === 'src' || name === 'dest' ? ids.schoolId
    : name === 'yearId' ? ids.yearId : name === 'classId' ? ids.classId : name === 'type' ? 'report' : r.pick([ids.studentId, ids.classId, 1, 2]))
  const pathParams = op.params.filter((p) => p.in === 'path').map((p) => p.name)
  const kinds = ['path', 'query', 'headers', 'encodedPath', ...(op.body ? ['field', 'field', 'field', 'rawBody', 'contentType'] : ['rawBody'])]
  if (pathParams.length === 0) kinds.splice(kinds.indexOf('path'), 1)
  const kind = r.pick(kinds)
  const hostile = kind === 'path' ? new Set(pathParams.filter(() => r.next() < 0.6).concat(r.pick(pathParams))) : new Set<string>()
  let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => (hostile.has(name) ? r.pick(BAD_IDS) : real(name)))
  const platform = r.next() < 0.35
  const host = platform ? PLATFORM_HOST : SAMPLE_HOST
  const headers: Record<string, string> = { host, 'accept-language': r.pick(['en', 'ar', 'ar-AE,ar;q=0.9', '*', 'xx', '']) }
  // Logout and password changes get no token, so the suite's own sessions survive every case.
  const own = op.path === api.logout || op.path === api.changePassword
  if (!own && r.next() < 0.92) headers.authorization = `Bearer ${platform ? tokens.platform : tokens.sample}`
  let body: string | undefined
  if (op.body) {
    headers['content-type'] = op.body.type
    const sample = sampleFor(op.body.schema, r, [ids.schoolId, ids.classId, ids.yearId]) as Record<string, unknown>
    body = op.body.type.includes('json') ? jsonText(sample) : new URLSearchParams(sample as Record<string, string>).toString()
  }
  if (kind === 'query') {
    const q = new URLSearchParams()
    const n = 1 + r.int(3)
    for (let i = 0; i < n; i++) {
      const name = r.pick(['page', 'page', 'ordering', 'ordering', 'name', 'first_name', 'display_name', 'identifier', 'email', 'year',
        'school', 'class', 'academic_year', 'role', 'search', '__proto__', 'constructor[prototype][polluted]', 'a'.repeat(300)])
      const value = r.pick([...BAD_IDS.map(decodeURIComponentSafe), ...BAD_TEXT.slice(0, 40), '-id', '-', '--id', 'id,name', 'password_hash', '__proto__', 'toString'])
      q.append(name, value)
      if (r.next() < 0.3) q.append(name, r.pick(['1', '2', 'x'])) // duplicated parameter
    }
    url += `?${q.toString()}`
  } else if (kind === 'headers') {
    const choice = r.int(5)
    if (choice === 0) headers.authorization = r.pick(['Bearer', 'Bearer ', 'Bearer x', `Bearer ${'a'.repeat(5000)}`, 'Basic YWRtaW46YWRtaW4=', 'Bearer \u00e9'])
    else if (choice === 1) headers['idempotency-key'] = r.pick(['x'.repeat(201), ' ', 'k\u00e9y', '1'])
    else if (choice === 2) headers.host = r.pick(['evil.localhost:8080', 'sample.localhost.evil:8080', 'SAMPLE.LOCALHOST:8080', 'a.b.localhost:8080', '[::1]:8080'])
    else if (choice === 3) headers['content-length'] = '0'
    else headers['x-forwarded-for'] = '1.2.3.4, 5.6.7.8'
  } else if (kind === 'field' && op.body) {
    const object = JSON.parse(body && op.body.type.includes('json') ? body : '{}') as Record<string, unknown>
    const keys = Object.keys(object)
    const key = keys.length && r.next() < 0.85 ? r.pick(keys) : r.pick(['__proto__', 'constructor', 'id', 'institution_id', 'role', 'is_superuser', 'extra'])
    const value = badValue(r)
    if (op.body.type.includes('json')) {
      const fields = Object.entries(object).filter(([k]) => k !== key).map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      fields.push(`${JSON.stringify(key)}:${jsonText(value)}`)
      body = `{${fields.join(',')}}`
    } else {
      const form = new URLSearchParams(body)
      form.set(key, typeof value === 'string' ? value : JSON.stringify(value) ?? '')
      body = form.toString()
    }
  } else if (kind === 'rawBody') {
    headers['content-type'] = op.body?.type ?? 'application/json'
    body = r.pick(['', ' ', 'null', '[]', '"x"', '1e308', 'true', '{', '{"a":', '{}{}', '\u0000', '{"a":"\\u0000"}', '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
      '['.repeat(5000) + ']'.repeat(5000), `{"x":"${'y'.repeat(1_100_000)}"}`, '{"__proto__":{"polluted":1}}', '\ufeff{}', '{"a":1,"a":2}'])
  } else if (kind === 'encodedPath') {
    return { op, kind, method: op.method, url: percentEncoded(url, r), plainUrl: url, host: headers.host!, headers, body }
  } else if (kind === 'contentType') {
    headers['content-type'] = r.pick(['text/plain', 'application/xml', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded',
      'application/json; charset=utf-16', 'image/png', '', 'application/json, text/html'])
  }
  return { op, kind, method: op.method, url, host: headers.host!, headers, body }
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

type Failure = { kind: string; method: string; url: string; status: number; why: string; answer: string }

async function run(c: Case): Promise<Failure | null> {
  let res: Response
  try {
    res = await h.app.request(`http://${c.host}${c.url}`, { method: c.method, headers: c.headers, body: c.method === 'GET' ? undefined : c.body })
  } catch (e) {
    return { kind: c.kind, method: c.method, url: c.url.slice(0, 200), status: 0, why: 'threw instead of answering', answer: String(e).slice(0, 200) }
  }
  const text = await res.text()
  const fail = (why: string) => ({ kind: c.kind, method: c.method, url: c.url.slice(0, 200), status: res.status, why, answer: text.slice(0, 300) })
  if (res.status >= 500) return fail('5xx')
  if (c.plainUrl && c.method === 'GET') {
    const plain = await h.app.request(`http://${c.host}${c.plainUrl}`, { method: c.method, headers: c.headers })
    await plain.text()
    if (plain.status !== res.status) return fail(`answered ${plain.status} to the plain address`)
  }
  if (LEAK.test(text) && !/spreadsheet|openxmlformats/.test(res.headers.get('content-type') ?? '')) return fail('internal detail in the answer')
  if (res.status >= 400) {
    let body: any
    try {
      body = JSON.parse(text)
    } catch {
      return fail('failure answer is not JSON')
    }
    const envelope = Array.isArray(body?.message?.errors) && body.message.errors.length > 0 && body.message.errors.every((e: unknown) => typeof e === 'string' && e.length > 0)
    const oauth = typeof body?.error === 'string' && typeof body?.error_description === 'string'
    if (!envelope && !oauth) return fail('failure answer is not in the error envelope')
  }
  return null
}

describe('generated bad input over the OpenAPI document', () => {
  it(`answers ${CASES} hostile requests with no 5xx, no internal detail, every failure in the error envelope`, async () => {
    const started = Date.now()
    const r = seededRandom(SEED)
    const failures: Failure[] = []
    let fiveXx = 0
    for (let i = 0; i < CASES; i += BATCH) {
      // Generated in order (deterministic), answered a few at a time (the database overlaps their I/O).
      const batch = Array.from({ length: Math.min(BATCH, CASES - i) }, (_, j) => generate(r, ops[(i + j) % ops.length]!))
      // An encoded address is compared with its plain one, so it runs alone: a write of the same batch (a delete)
      // between the two calls would make them differ.
      const answers = await Promise.all(batch.filter((c) => c.kind !== 'encodedPath').map(run))
      for (const c of batch.filter((c) => c.kind === 'encodedPath')) answers.push(await run(c))
      for (const failure of answers) {
        if (!failure) continue
        failures.push(failure)
        if (failure.status >= 500) fiveXx++
      }
      // The suite's own sessions must survive (a hostile case must not sign anyone out): re-sign in if so.
      if (i % 256 === 0) {
        if ((await h.request('GET', api.myProfile, { token: tokens.sample })).status === 401) tokens.sample = await h.login('institution.admin@sample.test')
        if ((await h.request('GET', api.myProfile, { token: tokens.platform, host: PLATFORM_HOST })).status === 401) tokens.platform = await h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
      }
    }
    const polluted = ({} as Record<string, unknown>).polluted !== undefined || Object.keys(Object.prototype).length > 0
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`[bad-input] seed ${SEED}: ${CASES} cases over ${ops.length} operations in ${seconds} s; 5xx: ${fiveXx}; failures: ${failures.length}; prototype polluted: ${polluted}`)
    for (const f of failures.slice(0, 15)) console.log(`[bad-input] ${f.why}: ${f.kind} ${f.method} ${f.url} -> ${f.status} ${f.answer}`)
    expect(ops.length).toBeGreaterThan(100)
    expect(polluted).toBe(false)
    expect(failures).toEqual([])
  }, 600_000)

  it('answers 400 to the change-password call with an empty, null or malformed JSON body', async () => {
    const token = await h.login('viewer@sample.test')
    for (const body of ['', '{}', 'null', '[]', '"x"', '{"old_password":1e308}']) {
      const res = await h.request('POST', api.changePassword, { token, json: body, lang: 'ar' })
      expect(res.status, body).toBe(400)
      expect(res.body.message.errors.length, body).toBeGreaterThan(0)
    }
  })

  it('answers ids beyond int4, floats and exponents in paths, filters and bodies with 400 and a bilingual message', async () => {
    const token = tokens.sample
    for (const bad of ['2147483648', '1e308', '1.5', '1e3']) {
      const path = await h.request('GET', `/api/school/${ids.schoolId}/grade/${bad}/`, { token })
      expect(path.status, bad).toBe(400)
      expect(path.body.message.errors[0]).toContain('2147483647')
      const ar = await h.request('GET', `/api/school/${bad}/class/`, { token, lang: 'ar' })
      expect(ar.status).toBe(400)
      expect(ar.body.message.errors[0]).toMatch(/[\u0600-\u06FF]/)
      const filter = await h.request('GET', `/api/student/download/?school=${ids.schoolId}&year=${bad}`, { token })
      expect(filter.status, bad).toBe(400)
      expect(filter.body.message.fields.year).toBeDefined()
    }
    const body = await h.request('POST', `/api/class/${ids.classId}/year/${ids.yearId}/teacher/`, { token, json: { teacher: [2147483648] } })
    expect(body.status).toBe(400)
    expect(JSON.stringify(body.body.message)).toContain('2147483647')
  })

  it('refuses the NUL character in a text field and in a filter with 400', async () => {
    const token = tokens.sample
    const field = await h.request('POST', `/api/school/${ids.schoolId}/grade/`, { token, json: { identifier: 'G\u0000', display_name: 'Grade' } })
    expect(field.status).toBe(400)
    expect(field.body.message.errors[0]).toContain('NUL')
    const filter = await h.request('GET', `/api/school/${ids.schoolId}/grade/?display_name=a%00b`, { token, lang: 'ar' })
    expect(filter.status).toBe(400)
    expect(filter.body.message.errors[0]).toMatch(/NUL/)
  })

  it('answers every unknown /api/ address with a JSON 404 in the error envelope', async () => {
    for (const path of ['/api/nothing/', '/api/report/1/', '/api/upload/students/', '/api/', '/api', '/api/school/1/nothing/']) {
      const res = await h.request('GET', path, { token: tokens.sample })
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type')).toMatch(/application\/json/)
      expect(res.body.message.errors[0]).toMatch(/does not exist/)
    }
  })
})
