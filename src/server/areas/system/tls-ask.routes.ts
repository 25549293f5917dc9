// For a reverse proxy that issues certificates on demand (Caddy's on_demand_tls "ask"): answers 200 only
// for the platform host and the sub-domains of existing institutions, so nobody can make the proxy request
// certificates for arbitrary names that happen to point at it.
import { Hono } from 'hono'
import type { AppEnv } from '../../context'
import { findInstitution } from '../../middleware/tenancy'
import { HttpError } from '../../lib/http-error'
import { describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

export const tlsAskRoutes = new Hono<AppEnv>({ strict: false }).get(routes.tlsAllowed, describe({ summary: 'For a reverse proxy issuing certificates on demand (Caddy on_demand_tls ask): 200 when ?domain= is the platform host or the sub-domain of an existing institution, else 404', tag: 'system', auth: false }), async (c) => {
  const { env, db } = c.get('deps')
  const domain = (c.req.query('domain') ?? '').toLowerCase()
  if (domain === env.baseDomain) return c.body(null, 200)
  const suffix = `.${env.baseDomain}`
  const sub = domain.endsWith(suffix) ? domain.slice(0, -suffix.length) : ''
  if (sub && !sub.includes('.') && (await findInstitution(db, sub))) return c.body(null, 200)
  // Refused like any unknown /api/ address: the proxy reads only the status.
  throw HttpError.of(404, 'notFound', c.get('lang'))
})
