import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { platformHost } from '../../middleware/platform-host'
import { HttpError } from '../../lib/http-error'
import { PDF_MAX_BYTES } from '../../lib/files'
import { readListParams } from '../../lib/list-query'
import { idParam, jsonBody, validate } from '../../lib/validate'
import { requestScope } from '../../lib/request-scope'
import { xlsxResponse } from '../../lib/xlsx'
import { AssessmentClientsSchema, AssessmentSchema } from '../../../shared/schemas/assessment'
import { ASSESSMENT_MESSAGES as M } from './assessments.messages'
import {
  type Upload, assessmentDependencies, assessmentListSpec, assessmentService as service, assessmentsOfInstitution,
} from './assessments.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

// A PDF sent as a base64 data URL in JSON is a third larger than the file; leave room for the other fields.
// The create and update routes name it in their description; the app applies it before anything reads the body.
export const assessmentUploadLimit = bodyLimit({
  maxSize: Math.ceil(PDF_MAX_BYTES * 1.4) + 1024 * 1024,
  onError: (c) => { throw HttpError.say(413, M.pdfTooLarge(Math.round(PDF_MAX_BYTES / 1024 / 1024)), c.get('lang'), 'pdf', 'too_large') },
})

const INTEGER_FIELDS = ['subject', 'skill_type', 'assessment_type', 'assessment_parent', 'content_display_type', 'minutes', 'seconds']

function toInt(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const t = value.trim()
  return /^-?\d+$/.test(t) ? Number(t) : t === '' ? undefined : t
}

/** JSON, or multipart form data with the PDF as the `pdf` file field and the other fields as text. */
async function readBody(c: Context<AppEnv>): Promise<{ body: unknown; upload: Upload | null }> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) return { body: await jsonBody(c), upload: null }
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody({ all: true })
  } catch {
    throw HttpError.say(400, M.badMultipart, c.get('lang'))
  }
  const body: Record<string, unknown> = {}
  let upload: Upload | null = null
  for (const [key, raw] of Object.entries(form)) {
    const values = Array.isArray(raw) ? raw : [raw]
    if (key === 'pdf') {
      const file = values.find((x): x is File => typeof x !== 'string')
      if (file) {
        if (file.size > PDF_MAX_BYTES) throw HttpError.say(413, M.pdfTooLarge(Math.round(PDF_MAX_BYTES / 1024 / 1024)), c.get('lang'), 'pdf', 'too_large')
        upload = { name: file.name || 'assessment.pdf', bytes: new Uint8Array(await file.arrayBuffer()) }
      } else if (typeof values[0] === 'string' && values[0] !== '') body.pdf = values[0]
      continue
    }
    const texts = values.filter((x): x is string => typeof x === 'string')
    if (key === 'levels' || key === 'levels[]') {
      // levels=1&levels=2, levels=1,2 or levels=[1,2]
      const parts = texts.flatMap((t) => t.replace(/^\[|\]$/g, '').split(',')).map((t) => t.trim()).filter(Boolean)
      body.levels = parts.map(toInt)
    } else if (key === 'comprehension') {
      // The step as JSON text; anything that does not parse is left for the schema to refuse.
      try {
        body.comprehension = texts[0]?.trim() ? JSON.parse(texts[0]) : null
      } catch {
        body.comprehension = texts[0]
      }
    } else if (key === 'remove_pdf') {
      body.remove_pdf = texts[0] === 'true' || texts[0] === '1'
    } else if (INTEGER_FIELDS.includes(key)) {
      const v = toInt(texts[0])
      body[key] = key === 'assessment_parent' && v === undefined ? null : v
    } else {
      body[key] = texts[0]
    }
  }
  return { body, upload }
}

/**
 * Assessments (spec §7): platform admins write (any host); every signed-in user reads the assessments of
 * the institution of the host (platform admins read all). See docs/adr/0020.
 */
export const assessmentRoutes = new Hono<AppEnv>({ strict: false })
  // The assessments assigned to an institution, shown on the institution form (assigned with PUT
  // /api/assessment/{id}/clients/, docs/adr/0020). An unknown institution answers 404.
  .use('/assessmentAsClient/*', platformHost, requireAuth)
  .get(routes.institutionAssessments, describe({ summary: 'Assessments assigned to institution {id} (assign with PUT /api/assessment/{id}/clients/)', tag: 'institution' }), allow('institution', 'read'), async (c) => {
    const results = await assessmentsOfInstitution(c.get('deps').db, c.get('lang'), idParam(c, 'id'))
    if (!results) throw HttpError.of(404, 'notFound', c.get('lang'))
    return c.json({ payload: { results, count: results.length } })
  })
  .use(routes.assessmentDependency, requireAuth)
  .get(routes.assessmentDependency, describe({ summary: 'Selectors of the assessment form: payload.results {subjects (directions_code), skills, assessment_types (assessment_type_parent, content_type ids), content_display_types, levels}', tag: 'assessment' }), async (c) => {
    return c.json({ payload: { results: await assessmentDependencies(c.get('deps').db) } })
  })
  .use(routes.assessmentsOfType, requireAuth)
  .get(routes.assessmentsOfType, describe({ summary: 'Assessments of a type (the parent list)', tag: 'assessment' }), async (c) => {
    const results = await service.ofType(requestScope(c), idParam(c, 'typeId'))
    return c.json({ payload: { results, count: results.length } })
  })
  .use(routes.assessments, requireAuth)
  .use(`${routes.assessments}/*`, requireAuth)
  .get(routes.assessments, describe({ summary: 'List assessments (platform admins: all; others: those of their institution). Search title, language_title, level_names', tag: 'assessment', list: true }), async (c) => {
    return c.json({ payload: await service.list(requestScope(c), readListParams(c, assessmentListSpec)) })
  })
  .post(routes.assessments, describe({ summary: 'Create an assessment (platform admin). JSON (pdf as a data URL) or multipart/form-data with the file in `pdf`; PDF checked by content, max PDF_MAX_MB (10)', tag: 'assessment', body: AssessmentSchema, bodyLimit: assessmentUploadLimit }), allow('assessment', 'write'), async (c) => {
    const r = requestScope(c)
    const { body, upload } = await readBody(c)
    const input = validate(AssessmentSchema, body, r.lang)
    return c.json({ payload: await service.create(r, c.get('deps').env, input, upload) }, 201)
  })
  .get(routes.assessmentsDownload, describe({ summary: 'The assessment list as .xlsx (same filters and ordering)', tag: 'assessment' }), async (c) => {
    const r = requestScope(c)
    const rows = await service.all(r, readListParams(c, assessmentListSpec))
    return xlsxResponse(c, {
      filename: { en: 'assessments.xlsx', ar: 'التقييمات.xlsx' },
      sheet: M.sheet,
      lang: r.lang,
      rows,
      columns: [
        { header: { en: 'ID', ar: 'المعرّف' }, value: (a) => a.id },
        { header: { en: 'Title', ar: 'العنوان' }, value: (a) => a.title },
        { header: { en: 'Subject', ar: 'المادة' }, value: (a) => a.subject_name },
        { header: { en: 'Language title', ar: 'العنوان باللغة' }, value: (a) => a.language_title },
        { header: { en: 'Skill', ar: 'المهارة' }, value: (a) => a.skill_type_name },
        { header: { en: 'Assessment type', ar: 'نوع التقييم' }, value: (a) => a.assessment_type_name },
        { header: { en: 'Content', ar: 'المحتوى' }, value: (a) => a.content_display_type_code },
        { header: { en: 'Duration', ar: 'المدة' }, value: (a) => a.duration },
        { header: { en: 'Levels', ar: 'المستويات' }, value: (a) => a.level_names },
      ],
    })
  })
  .get(routes.assessment, describe({ summary: 'Read an assessment (duration "00:MM:SS", minutes, seconds, levels, pdf_url)', tag: 'assessment' }), async (c) => {
    return c.json({ payload: await service.get(requestScope(c), idParam(c, 'id')) })
  })
  .put(routes.assessment, describe({ summary: 'Update an assessment (platform admin); JSON or multipart like create; without a new file the stored PDF is kept unless remove_pdf', tag: 'assessment', body: AssessmentSchema, bodyLimit: assessmentUploadLimit }), allow('assessment', 'write'), async (c) => {
    const r = requestScope(c)
    const { body, upload } = await readBody(c)
    const input = validate(AssessmentSchema, body, r.lang)
    return c.json({ payload: await service.update(r, c.get('deps').env, idParam(c, 'id'), input, upload) })
  })
  .get(routes.assessmentPdf, describe({ summary: 'The PDF of an assessment (platform admins, and users of institutions that have it)', tag: 'assessment' }), async (c) => {
    const { bytes, name } = await service.pdf(requestScope(c), c.get('deps').env, idParam(c, 'id'))
    const ascii = name.replace(/[^\w.-]+/g, '_')
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    })
  })
  .get(routes.assessmentClients, describe({ summary: 'Institutions that have the assessment: payload.clients (ids)', tag: 'assessment' }), allow('assessment', 'write'), async (c) => {
    const results = await service.clients(requestScope(c), idParam(c, 'id'))
    return c.json({ payload: { clients: results } })
  })
  .put(routes.assessmentClients, describe({ summary: 'Set the institutions that have the assessment (replaces the set)', tag: 'assessment', body: AssessmentClientsSchema }), allow('assessment', 'write'), async (c) => {
    const r = requestScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: { clients: await service.setClients(r, idParam(c, 'id'), input.clients) } })
  })
