// The Hono application: middleware order matters — language, dependencies, tenancy, idempotency, routes.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv, Deps } from './context'
import { langFrom, text } from './lib/messages'
import { HttpError } from './lib/http-error'
import { onError } from './middleware/errors'
import { idempotency } from './middleware/idempotency'
import { tenancy } from './middleware/tenancy'
import { academicYearRoutes } from './routes/academic-years/academic-years.routes'
import { authRoutes } from './routes/auth/auth.routes'
import { classRoutes } from './routes/classes/classes.routes'
import { gradeRoutes } from './routes/grades/grades.routes'
import { schoolRoutes } from './routes/schools/schools.routes'
import { sectionRoutes } from './routes/sections/sections.routes'
import { studentRoutes } from './routes/students/students.routes'
import { openApiDocument } from './routes/system/openapi'
import { countryRoutes } from './routes/countries/countries.routes'
import { institutionRoutes } from './routes/institutions/institutions.routes'
import { licenceRoutes } from './routes/licences/licences.routes'
import { userRoutes } from './routes/users/users.routes'
import { assessmentRoutes, isAssessmentUpload } from './routes/assessments/assessments.routes'
import { assessmentLibraryRoutes } from './routes/assessment-libraries/assessment-libraries.routes'
import { reportTemplateRoutes } from './routes/report-templates/report-templates.routes'
import { demoInstitutionRoutes } from './routes/demo-institution/demo-institution.routes'

export function createApi(deps: Deps): Hono<AppEnv> {
  const api = new Hono<AppEnv>({ strict: false })
  api.use('*', async (c, next) => {
    c.set('lang', langFrom(c.req.header('accept-language')))
    c.set('deps', deps)
    await next()
  })
  const smallBody = bodyLimit({ maxSize: 1024 * 1024, onError: (c) => { throw HttpError.of(413, 'bodyTooLarge', c.get('lang')) } })
  // Assessment saves may carry a PDF: their route applies its own, larger limit (PDF_MAX_MB).
  api.use('*', (c, next) => (isAssessmentUpload(c.req.method, c.req.path) ? next() : smallBody(c, next)))
  api.get('/health', (c) => c.json({ payload: { ok: true } }))
  const openapi = openApiDocument()
  api.get('/openapi.json', (c) => c.json(openapi))
  api.use('*', tenancy)
  api.use('*', idempotency)
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
  api.route('/', demoInstitutionRoutes)
  api.notFound((c) => c.json({ message: { errors: [text('routeNotFound', c.get('lang') ?? 'en')] } }, 404))
  api.onError(onError)
  return api
}

/** The whole app: the API under /api; the caller adds static files for the PWA. */
export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false })
  app.route('/api', createApi(deps))
  app.onError(onError)
  return app
}
