import { and, count, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm'
import type { Deps, Institution } from '../../context'
import { authTokens, loginFailures, passwordKeys, users } from '../../db/schema/tables'
import { hashPassword, needsRehash, randomSecret, sha256, verifyPassword } from '../../lib/crypto'
import { HttpError } from '../../lib/http-error'
import type { Lang } from '../../lib/messages'
import { resetPasswordMail } from '../../mail/templates'
import type { LoginPayload } from '../../../shared/schemas/auth'
import { buildProfile } from './profile.service'
import { issuePasswordKey, RESET_KEY_HOURS, revokeAllTokens } from '../../domain/accounts'

export const LOGIN_FAILURE_LIMIT = 5
export const LOGIN_FAILURE_WINDOW_MINUTES = 15
export const LOGIN_LOCK_MAX_MINUTES = 15

type LoginRequest = {
  username: string
  password: string
  address: string
  institution: Institution | null
  lang: Lang
}

/**
 * Minutes an account stays locked for one address after `failures` failed sign-ins from it within the
 * window: none below the limit, then 1, 2, 4, 8 and at most 15. Keyed by account AND address, so an
 * attacker elsewhere cannot lock the real user out, and one on the same network only for minutes.
 */
export function lockMinutes(failures: number): number {
  if (failures < LOGIN_FAILURE_LIMIT) return 0
  return Math.min(2 ** (failures - LOGIN_FAILURE_LIMIT), LOGIN_LOCK_MAX_MINUTES)
}

export async function login({ db, env }: Deps, req: LoginRequest): Promise<LoginPayload> {
  const failureKey = `${req.username.toLowerCase()}|${req.address}`
  const since = sql`now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`
  const [failures] = await db
    .select({ n: count(), last: max(loginFailures.at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, failureKey), gt(loginFailures.at, since)))
  const lock = lockMinutes(Number(failures?.n ?? 0))
  if (lock > 0 && failures?.last) {
    const remaining = new Date(failures.last).getTime() + lock * 60_000 - Date.now()
    if (remaining > 0) throw tooManyAttempts(Math.ceil(remaining / 60_000), req.lang)
  }

  // On an institution host: its users and platform staff; on the platform host: platform staff only.
  const here = req.institution
    ? or(eq(users.institution_id, req.institution.id), and(isNull(users.institution_id), eq(users.role, 'platform_admin')))
    : isNull(users.institution_id)
  const name = req.username.toLowerCase()
  const [user] = await db
    .select()
    .from(users)
    .where(and(here, eq(users.is_active, true), or(sql`lower(${users.email}) = ${name}`, sql`lower(${users.username}) = ${name}`)))
    .limit(1)
  const ok = await verifyPassword(req.password, user?.password_hash ?? null)
  if (!user || !ok) {
    await db.insert(loginFailures).values({ key: failureKey })
    throw HttpError.auth(400, 'invalid_grant', 'badCredentials', req.lang)
  }
  await db.delete(loginFailures).where(eq(loginFailures.key, failureKey))
  // Hashes made with older (cheaper) parameters are redone now that the password is known.
  if (user.password_hash && needsRehash(user.password_hash)) {
    await db.update(users).set({ password_hash: await hashPassword(req.password) }).where(eq(users.id, user.id))
  }

  const token = randomSecret()
  await db.insert(authTokens).values({
    token_hash: sha256(token),
    user_id: user.id,
    institution_id: req.institution?.id ?? null,
    expires_at: new Date(Date.now() + env.tokenTtlSeconds * 1000),
  })
  const profile = await buildProfile(db, user.id, req.institution)
  return { access_token: token, token_type: 'Bearer', expires_in: env.tokenTtlSeconds, ...profile }
}

export async function logout({ db, access }: Deps, tokenId: number, userId?: number): Promise<void> {
  await db.update(authTokens).set({ revoked_at: new Date() }).where(eq(authTokens.id, tokenId))
  // Every copy forgets the user's kept tokens when the trigger's notice arrives; this copy at once.
  if (userId !== undefined) access?.forgetUser(userId)
}

/**
 * Moves the token's expiry to TOKEN_TTL_SECONDS from now and answers that life in seconds. Renewing only
 * lengthens the token's life: the idle expiry and revocation (sign-out, password change, deactivation)
 * still end the session.
 */
export async function renewSession({ db, env, access }: Deps, tokenId: number, userId: number): Promise<number> {
  await db.update(authTokens).set({ expires_at: new Date(Date.now() + env.tokenTtlSeconds * 1000) }).where(eq(authTokens.id, tokenId))
  // The kept copy of the token holds the old expiry.
  access?.forgetUser(userId)
  return env.tokenTtlSeconds
}

export async function forgotPassword(
  deps: Deps,
  req: { email: string; institution: Institution | null; lang: Lang },
): Promise<void> {
  const { db, mailer } = deps
  const here = req.institution ? eq(users.institution_id, req.institution.id) : isNull(users.institution_id)
  const [user] = await db
    .select()
    .from(users)
    .where(and(here, eq(users.is_active, true), sql`lower(${users.email}) = ${req.email.toLowerCase()}`))
  if (!user) return // same answer whether or not the account exists
  const link = await issuePasswordKey(deps, user.id, req.institution?.subdomain_name ?? null, 'reset')
  const mail = resetPasswordMail({ name: user.first_name, link, hours: RESET_KEY_HOURS, lang: req.lang })
  await mailer.send({ to: user.email, ...mail })
}

/**
 * Sets a new password with a mailed key. A key works only on the host of its user's institution (the
 * platform's for platform staff), and a reset ends every other key of the user: a link in an older mail,
 * or one read by someone else, no longer opens the account (ADR 0114).
 */
export async function resetPassword(
  deps: Deps,
  req: { key: string; password: string; institution: Institution | null; lang: Lang },
): Promise<void> {
  const { db } = deps
  const passwordHash = await hashPassword(req.password)
  const ofThisHost = db.select({ id: users.id }).from(users)
    .where(req.institution ? eq(users.institution_id, req.institution.id) : isNull(users.institution_id))
  const userId = await db.transaction(async (tx) => {
    const now = new Date()
    // Marking the key used in the same statement that checks it makes it single-use under concurrency.
    const [used] = await tx
      .update(passwordKeys)
      .set({ used_at: now })
      .where(and(
        eq(passwordKeys.key_hash, sha256(req.key)),
        isNull(passwordKeys.used_at),
        gt(passwordKeys.expires_at, now),
        inArray(passwordKeys.user_id, ofThisHost),
      ))
      .returning({ user_id: passwordKeys.user_id })
    if (!used) return null
    await tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, used.user_id))
    await tx.update(passwordKeys).set({ used_at: now }).where(and(eq(passwordKeys.user_id, used.user_id), isNull(passwordKeys.used_at)))
    return used.user_id
  })
  if (userId === null) throw HttpError.of(400, 'resetKeyInvalid', req.lang)
  await revokeAllTokens(deps, userId)
}

export async function changePassword(
  deps: Deps,
  req: { userId: number; tokenId: number; oldPassword: string; newPassword: string; lang: Lang },
): Promise<void> {
  const { db } = deps
  const [user] = await db.select().from(users).where(eq(users.id, req.userId))
  if (!user || !(await verifyPassword(req.oldPassword, user.password_hash))) {
    throw HttpError.field(400, 'old_password', 'oldPasswordWrong', req.lang)
  }
  if (req.oldPassword === req.newPassword) {
    throw HttpError.field(400, 'new_password', 'samePassword', req.lang)
  }
  await db.update(users).set({ password_hash: await hashPassword(req.newPassword), updated_at: new Date() }).where(eq(users.id, user.id))
  await revokeAllTokens(deps, user.id, req.tokenId)
}

function tooManyAttempts(minutes: number, lang: Lang): HttpError {
  const message = lang === 'ar'
    ? `محاولات تسجيل دخول فاشلة كثيرة. حاول مرة أخرى بعد ${minutes} ${minutes === 1 ? 'دقيقة' : 'دقائق'}.`
    : `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
  return new HttpError(429, [message], undefined, undefined, 'too_many_attempts')
}
