// Helpers for the assessment-content API tests: reference ids by code, multipart and binary requests.
import { ADMIN_PASSWORD, PLATFORM_HOST, SAMPLE_HOST, type Harness } from '../setup/api-harness'

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

export async function platformToken(h: Harness): Promise<string> {
  return h.login('admin', ADMIN_PASSWORD, PLATFORM_HOST)
}

/** Reference ids by code from GET /api/assessment-dependency/. */
export async function dependencies(h: Harness, token: string) {
  const res = await h.request('GET', '/api/assessment-dependency/', { token, host: PLATFORM_HOST })
  if (res.status !== 200) throw new Error(`dependencies: ${res.status}`)
  const d = res.body.payload.results
  const by = (list: { id: number; code: string }[]) => Object.fromEntries(list.map((x) => [x.code, x.id])) as Record<string, number>
  return { raw: d, subject: by(d.subjects), skill: by(d.skills), type: by(d.assessment_types), display: by(d.content_display_types), level: by(d.levels) }
}

export type Deps = Awaited<ReturnType<typeof dependencies>>

/** A valid English text passage body; override any field. */
export function passage(d: Deps, over: Record<string, unknown> = {}) {
  return {
    title: 'The red hen',
    subject: d.subject['english-reading'],
    language_title: 'English',
    skill_type: d.skill['en-orf'],
    assessment_type: d.type['en-passage'],
    content_display_type: d.display.text,
    content: 'The little red hen found a grain of wheat.',
    minutes: 2,
    seconds: 30,
    levels: [d.level['kg1'], d.level['grade-1']],
    ...over,
  }
}

/** A multipart request (form fields plus files) straight to the app. */
export async function multipart(
  h: Harness,
  method: string,
  path: string,
  o: { token?: string; host?: string; lang?: 'en' | 'ar'; fields?: Record<string, string | string[]>; files?: Record<string, { name: string; type: string; bytes: Uint8Array }>; headers?: Record<string, string> },
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(o.fields ?? {})) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x)
  for (const [k, f] of Object.entries(o.files ?? {})) form.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name)
  const headers: Record<string, string> = { host: o.host ?? PLATFORM_HOST, ...o.headers }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.lang) headers['accept-language'] = o.lang
  const res = await h.app.request(`http://${headers.host}${path}`, { method, headers, body: form })
  const text = await res.text()
  let body: any
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  return { status: res.status, body, headers: res.headers }
}

/** A GET whose answer is binary (files). */
export async function getBytes(h: Harness, path: string, o: { token?: string; host?: string; lang?: 'en' | 'ar' } = {}) {
  const headers: Record<string, string> = { host: o.host ?? SAMPLE_HOST }
  if (o.token) headers.authorization = `Bearer ${o.token}`
  if (o.lang) headers['accept-language'] = o.lang
  const res = await h.app.request(`http://${headers.host}${path}`, { method: 'GET', headers })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

/** Fields of an assessment body as multipart text fields. */
export function asFields(body: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of Object.entries(body)) out[k] = Array.isArray(v) ? v.map(String) : String(v ?? '')
  return out
}
