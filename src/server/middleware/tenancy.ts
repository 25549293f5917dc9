// Tenancy by Host: `{subdomain}.BASE_DOMAIN` is an institution, anything else is the platform.
import { sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { AppEnv, Institution } from '../context'
import { institutions } from '../db/schema/tables'
import type { Db } from '../db/client'
import { HttpError } from '../lib/http-error'
import type { AccessCache } from '../lib/access-cache'
import { subdomainOf } from '../../shared/tenant-host'

export async function findInstitution(db: Db, subdomain: string, access?: AccessCache): Promise<Institution | null> {
  const kept = access?.institution(subdomain.toLowerCase())
  if (kept !== undefined) return kept
  const [row] = await db
    .select({ id: institutions.id, organization_name: institutions.organization_name, subdomain_name: institutions.subdomain_name })
    .from(institutions)
    .where(sql`lower(${institutions.subdomain_name}) = ${subdomain.toLowerCase()} and ${institutions.is_active}`)
  access?.keepInstitution(subdomain.toLowerCase(), row ?? null)
  return row ?? null
}

export const tenancy = createMiddleware<AppEnv>(async (c, next) => {
  const { db, env } = c.get('deps')
  const sub = subdomainOf(c.req.header('host'), env.baseDomain)
  if (sub === null) {
    c.set('institution', null)
  } else {
    const institution = await findInstitution(db, sub, c.get('deps').access)
    // The sub-domain check itself must answer on unknown hosts so the web app can show "not found".
    if (!institution && !c.req.path.startsWith('/api/valid-subdomain/')) {
      throw HttpError.of(404, 'unknownInstitution', c.get('lang'))
    }
    c.set('institution', institution)
  }
  await next()
})

