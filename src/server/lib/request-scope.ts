// Builds the domain scope (src/server/domain/scope.ts) from a request, once per request: the only place a
// service's scope meets Hono.
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { buildScope, withInstitution, type DomainScope, type InstitutionScope } from '../domain/scope'

/** Kept per request so the schools the user reaches are read once; rebuilt if the request's database changed (Idempotency-Key runs the route in a transaction). */
const built = new WeakMap<Context<AppEnv>, DomainScope>()

export function requestScope(c: Context<AppEnv>): DomainScope {
  const db = c.get('deps').db
  const kept = built.get(c)
  if (kept?.db === db) return kept
  const scope = buildScope({ db, lang: c.get('lang'), institution: c.get('institution'), user: c.get('user') })
  built.set(c, scope)
  return scope
}

/** The request's scope on an institution's host; 404 on the platform host. */
export function institutionScope(c: Context<AppEnv>): InstitutionScope {
  return withInstitution(requestScope(c))
}
