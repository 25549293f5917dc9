// Bearer tokens: opaque random strings stored as SHA-256 hashes, tied to the host that issued them.
import { and, eq, gt, isNull } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { authTokens, users } from '../db/schema/tables'
import { sha256 } from '../lib/crypto'
import { HttpError } from '../lib/http-error'
import type { AccessCache } from '../lib/access-cache'
import type { Role } from '../../shared/roles'
import { can, type Action, type Resource } from '../../shared/permissions'
import { mayUpload } from '../../shared/bulk/upload-permission'
import type { UploadKind } from '../../shared/bulk/upload-kinds'

/**
 * The active user a bearer token belongs to, with the institution the token was issued for; null if none,
 * or when the session is past its absolute expiry or idle for longer than `idleSeconds`.
 */
export async function tokenOwner(db: Db, authorization: string | undefined, idleSeconds: number, now = Date.now(), access?: AccessCache) {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  if (!token) return null
  const hash = sha256(token)
  // Kept (ADR 0101): still checked here against both expiries, which move with time, not with a change.
  const kept = access?.token(hash)
  if (kept) return kept.expiresAt.getTime() > now && kept.lastUsed.getTime() > now - idleSeconds * 1000 ? kept : null
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      lastUsed: authTokens.last_used_at,
      expiresAt: authTokens.expires_at,
      tokenInstitution: authTokens.institution_id,
      id: users.id,
      institution_id: users.institution_id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      role: users.role,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.user_id))
    .where(and(
      eq(authTokens.token_hash, hash),
      isNull(authTokens.revoked_at),
      // Absolute expiry (TOKEN_TTL_SECONDS from sign-in) and idle expiry (SESSION_IDLE_SECONDS unused).
      gt(authTokens.expires_at, new Date(now)),
      gt(authTokens.last_used_at, new Date(now - idleSeconds * 1000)),
      eq(users.is_active, true),
    ))
  if (row) access?.keepToken(hash, row)
  return row ?? null
}

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const lang = c.get('lang')
  const authorization = c.req.header('authorization')
  if (!/^Bearer\s+(\S+)$/i.test(authorization ?? '')) throw HttpError.auth(401, 'not_authenticated', 'unauthenticated', lang)
  const { db, env } = c.get('deps')
  const now = Date.now()
  const access = c.get('deps').access
  const row = await tokenOwner(db, authorization, env.sessionIdleSeconds, now, access)
  if (!row) throw HttpError.auth(401, 'invalid_token', 'tokenInvalid', lang)
  const here = c.get('institution')?.id ?? null
  if (row.tokenInstitution !== here) throw HttpError.auth(401, 'invalid_token', 'tokenOtherInstitution', lang)
  // Written at most once a minute per session, so reads stay reads.
  if (now - row.lastUsed.getTime() > 60_000) {
    await db.update(authTokens).set({ last_used_at: new Date(now) }).where(eq(authTokens.id, row.tokenId))
    // The trigger's notice makes every copy forget this user's kept tokens; this copy at once.
    access?.forgetUser(row.id)
  }
  const { tokenInstitution: _, lastUsed: _l, expiresAt: _e, ...user } = row
  c.set('user', { ...user, role: user.role as Role })
  await next()
})

/** Refuses the call (403) unless the permission table lets the user's role do it. */
export function allow(resource: Resource, action: Action) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!can(c.get('user').role, resource, action)) throw HttpError.of(403, 'forbidden', c.get('lang'))
    await next()
  })
}

/** Refuses a bulk upload call (403) unless the role may write the entity and import spreadsheets. */
export function allowUpload(kind: UploadKind) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!mayUpload(c.get('user').role, kind)) throw HttpError.of(403, 'forbidden', c.get('lang'))
    await next()
  })
}
