// Builds the domain scope (src/server/domain/scope.ts) from a request: the only place a service's scope
// meets Hono.
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import { buildScope, type DomainScope } from '../domain/scope'

export function requestScope(c: Context<AppEnv>): DomainScope {
  return buildScope({ db: c.get('deps').db, lang: c.get('lang'), institution: c.get('institution'), user: c.get('user') })
}
