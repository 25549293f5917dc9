// The Hono application: middleware order matters — language, dependencies, tenancy, idempotency, routes.
import { type Context, Hono } from 'hono'
import type { AppEnv, Deps } from './context'
import { loadCommonPasswords } from './lib/common-passwords'
import { langFrom, text } from './lib/messages'
import { createRequestLimits } from './lib/request-limits'
import { onError } from './middleware/errors'
import { describe } from './lib/route-doc'
import { requestLog } from './middleware/request-log'
import { idempotency } from './middleware/idempotency'
import { conditionalGet } from './middleware/conditional-get'
import { compressAnswers } from './middleware/compress-answers'
import { securityHeaders } from './middleware/headers'
import { refuseNul } from './middleware/hostile-input'
import { bodyLimits, type UploadLimit, uploadLimits } from './middleware/body-limits'
import { ownedPathIds } from './middleware/owned-path-ids'
import { tenancy } from './middleware/tenancy'
import { academicYearRoutes } from './areas/academic-years/academic-years.routes'
import { authRoutes } from './areas/auth/auth.routes'
import { classRoutes } from './areas/classes/classes.routes'
import { gradeRoutes } from './areas/grades/grades.routes'
import { schoolRoutes } from './areas/schools/schools.routes'
import { sectionRoutes } from './areas/sections/sections.routes'
import { studentRoutes } from './areas/students/students.routes'
import { openApiDocument } from './areas/system/openapi'
import { tlsAskRoutes } from './areas/system/tls-ask.routes'
import { countryRoutes } from './areas/countries/countries.routes'
import { institutionRoutes } from './areas/institutions/institutions.routes'
import { licenceRoutes } from './areas/licences/licences.routes'
import { userRoutes } from './areas/users/users.routes'
import { assessmentRoutes } from './areas/assessments/assessments.routes'
import { assessmentLibraryRoutes } from './areas/assessment-libraries/assessment-libraries.routes'
import { reportTemplateRoutes } from './areas/report-templates/report-templates.routes'
import { sittingRoutes } from './areas/sittings/sittings.routes'
import { secondScoringRoutes } from './areas/sittings/second-scoring.routes'
import { scoringRoutes } from './areas/scoring/scoring.routes'
import { captureRoutes } from './areas/capture/capture.routes'
import { reportRoutes } from './areas/reports/reports.routes'
import { benchmarkRoutes } from './areas/benchmarks/benchmarks.routes'
import { progressRoutes } from './areas/progress/progress.routes'
import { dataExportRoutes } from './areas/data-export/data-export.routes'
import { demoInstitutionRoutes } from './areas/demo-institution/demo-institution.routes'
import { bulkUploadRoutes } from './areas/bulk-uploads/bulk-uploads.routes'
import { batchRoutes, type Dispatch } from './areas/batch/batch.routes'
import { routes } from '../shared/routes'

/** `dispatch` sends a request through the whole app (the batch call's writes go through it, ADR 0104). */
export function createApi(deps: Deps, dispatch: Dispatch): Hono<AppEnv> {
  const api = new Hono<AppEnv>({ strict: false })
  loadCommonPasswords()
  const limits = createRequestLimits()
  // Outermost, so the tag and any replayed answer are the final ones (ADR 0110).
  api.use('*', compressAnswers)
  api.use('*', async (c, next) => {
    c.set('lang', langFrom(c.req.header('accept-language')))
    c.set('deps', deps)
    c.set('limits', limits)
    await next()
  })
  api.use('*', requestLog)
  // Every route has a limit, applied before anything reads the body: 1 MB, or the one an upload route names
  // in its description (an assessment's PDF, a sitting's audio, a spreadsheet). Known once routes are registered.
  let uploads: readonly UploadLimit[] = []
  const bodies = bodyLimits(() => uploads)
  api.use('*', bodies.limit)
  // Liveness: the process answers. Readiness: the database answers and every migration is applied.
  api.get(routes.health, describe({ summary: 'Liveness: answers 200 {ok: true} while the process answers', tag: 'system', auth: false }), (c) => c.json({ payload: { ok: true } }))
  api.get(routes.ready, describe({ summary: 'Readiness: 200 when the database answers and every migration is applied, else 503; payload {ready, database, migrations}', tag: 'system', auth: false }), async (c) => {
    const readiness = deps.readiness ? await deps.readiness() : { database: true, migrations: true }
    const ready = readiness.database && readiness.migrations
    return c.json({ payload: { ready, ...readiness } }, ready ? 200 : 503)
  })
  // Built once every route is registered, from the descriptions they carry (at the end of this function).
  let openapi: Record<string, unknown> = {}
  api.get(routes.openapi, describe({ summary: 'This OpenAPI 3.1 document', tag: 'system', auth: false }), (c) => c.json(openapi))
  api.use('*', refuseNul(bodies.isUpload))
  api.route('/', tlsAskRoutes)
  api.use('*', tenancy)
  api.use('*', ownedPathIds)
  api.use('*', idempotency)
  api.use('*', conditionalGet)
  api.route('/', authRoutes)
  api.route('/', schoolRoutes)
  api.route('/', academicYearRoutes)
  api.route('/', gradeRoutes)
  api.route('/', sectionRoutes)
  api.route('/', classRoutes)
  api.route('/', studentRoutes)
  api.route('/', institutionRoutes)
  api.route('/', licenceRoutes)
  api.route('/', userRoutes)
  api.route('/', countryRoutes)
  api.route('/', assessmentRoutes)
  api.route('/', assessmentLibraryRoutes)
  api.route('/', reportTemplateRoutes)
  api.route('/', sittingRoutes)
  api.route('/', secondScoringRoutes)
  api.route('/', scoringRoutes)
  api.route('/', captureRoutes)
  api.route('/', reportRoutes)
  api.route('/', benchmarkRoutes)
  api.route('/', progressRoutes)
  api.route('/', dataExportRoutes)
  api.route('/', demoInstitutionRoutes)
  api.route('/', bulkUploadRoutes)
  api.route('/', batchRoutes(dispatch))
  api.notFound((c) => c.json({ message: { errors: [text('routeNotFound', c.get('lang') ?? 'en')] } }, 404))
  api.onError(onError)
  openapi = openApiDocument('/api', api.routes)
  uploads = uploadLimits('/api', api.routes)
  return api
}

function notFoundJson(c: Context<AppEnv>): Response {
  const lang = c.get('lang') ?? langFrom(c.req.header('accept-language'))
  return c.json({ message: { errors: [text('routeNotFound', lang)] } }, 404)
}

/** The whole app: the API under /api; the caller adds static files for the PWA. */
export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false })
  app.use('*', securityHeaders({ https: deps.env.publicProtocol === 'https' }))
  app.route('/api', createApi(deps, (request, env) => app.fetch(request, env)))
  // Every other /api/ address is a JSON 404 in the error envelope, never the web app's index.html
  // (the static files and the index.html fallback are added after this, in index.ts).
  app.all('/api', notFoundJson)
  app.all('/api/*', notFoundJson)
  app.notFound(notFoundJson)
  app.onError(onError)
  return app
}
