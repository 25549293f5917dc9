import { Hono } from 'hono'
import type * as v from 'valibot'
import type { AppEnv } from '../../context'
import { requireAuth } from '../../middleware/auth'
import { clientAddress } from '../../lib/client-address'
import { HttpError } from '../../lib/http-error'
import { type Lang, text } from '../../lib/messages'
import { jsonBody, validate } from '../../lib/validate'
import { findInstitution } from '../../middleware/tenancy'
import { ChangePasswordSchema, ForgotPasswordSchema, LoginSchema, ResetPasswordSchema } from '../../../shared/schemas/auth'
import { changePassword, login, logout, renewSession, resetPassword } from './auth.service'
import { forgotPasswordJob } from './forgot-password.job'
import { LIMIT_MESSAGES } from '../../lib/request-limits'
import { buildProfile } from './profile.service'
import { toApiNames, toSpecError, usesSpecNames } from './reset-password-names'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/** The per-address limit of failed sign-ins, in the sign-in call's own (OAuth) error shape. */
function signInLimit(seconds: number, lang: Lang): HttpError {
  const error = new HttpError(429, [LIMIT_MESSAGES.signInFromAddress(seconds)[lang]], undefined, undefined, 'too_many_attempts')
  error.retryAfterSeconds = seconds
  return error
}

export const authRoutes = new Hono<AppEnv>({ strict: false })
  .get(routes.validSubdomain, describe({ summary: 'Whether a sub-domain names an institution', tag: 'auth', auth: false }), async (c) => {
    const institution = await findInstitution(c.get('deps').db, c.req.param('sub'))
    return c.json({ payload: { is_valid_client: institution !== null } })
  })
  // The public client id of the web app (OAUTH_CLIENT_ID), so changing it needs no rebuild.
  .get(routes.oauthClient, describe({ summary: 'The public OAuth client id of the web app (payload.client_id)', tag: 'auth', auth: false }), (c) => c.json({ payload: { client_id: c.get('deps').env.oauthClientId } }))
  .post(routes.login, describe({ summary: 'Sign in (password grant; form data with client_id, client_secret, grant_type=password)', tag: 'auth', body: LoginSchema, form: true, auth: false }), async (c) => {
    const lang = c.get('lang')
    const { env } = c.get('deps')
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : '')
    if (str('grant_type') !== 'password') throw HttpError.auth(400, 'unsupported_grant_type', 'unsupportedGrant', lang)
    if (str('client_id') !== env.oauthClientId || str('client_secret') !== env.oauthClientSecret) {
      throw HttpError.auth(401, 'invalid_client', 'invalidClient', lang)
    }
    const input = validate(LoginSchema, { username: str('username'), password: str('password') }, lang)
    const address = clientAddress(c, env.trustProxy)
    // Counted before the password is checked (a flood sent at once is counted at once), given back on success.
    const failures = c.get('limits').signInFailures
    const wait = failures.take(address)
    if (wait > 0) throw signInLimit(wait, lang)
    try {
      const payload = await login(c.get('deps'), { ...input, address, institution: c.get('institution'), lang })
      failures.refund(address)
      return c.json({ payload })
    } catch (error) {
      // Only a wrong name or password counts; a lock, a busy server or an outage does not.
      if (!(error instanceof HttpError && error.oauthError === 'invalid_grant')) failures.refund(address)
      throw error
    }
  })
  .post(routes.forgotPassword, describe({ summary: 'Mail a single-use reset link (always 200)', tag: 'auth', body: ForgotPasswordSchema, auth: false }), async (c) => {
    const lang = c.get('lang')
    const input = await bodyOf(c)
    const institution = c.get('institution')
    const { env, jobs } = c.get('deps')
    // Keyed by the address typed, not by a looked-up account: the answer is the same whether it exists.
    const limits = c.get('limits')
    const wait = limits.resetByAddress.take(clientAddress(c, env.trustProxy)) || limits.resetByAccount.take(`${institution?.id ?? 0}|${input.email.toLowerCase()}`)
    if (wait > 0) throw HttpError.tooMany(LIMIT_MESSAGES.resetRequests(wait), lang, wait, 'too_many_requests')
    // The account's look-up, its key and its mail are a job: the answer never waits for them, so it takes
    // the same time for an account that exists and one that does not.
    await jobs.send(forgotPasswordJob, { email: input.email, institution, lang })
    return c.json({ payload: { message: text('forgotSent', lang) } })
  })
  .post(routes.resetPassword, describe({ summary: 'Set a new password with a reset key', tag: 'auth', body: ResetPasswordSchema, auth: false }), async (c) => {
    const lang = c.get('lang')
    const body = await jsonBody(c)
    let input: v.InferOutput<typeof ResetPasswordSchema>
    try {
      input = validate(ResetPasswordSchema, toApiNames(body), lang)
    } catch (error) {
      throw error instanceof HttpError && usesSpecNames(body) ? toSpecError(error) : error
    }
    await resetPassword(c.get('deps'), { key: input.key, password: input.new_password, institution: c.get('institution'), lang })
    return c.json({ payload: { message: text('passwordReset', lang) } })
  })
  .use(routes.myProfile, requireAuth)
  .get(routes.myProfile, describe({ summary: 'Profile, menu, create_roles and access flags', tag: 'auth' }), async (c) => {
    return c.json({ payload: await buildProfile(c.get('deps').db, c.get('user').id, c.get('institution')) })
  })
  .use(routes.logout, requireAuth)
  .post(routes.logout, describe({ summary: 'Revoke the current token', tag: 'auth' }), async (c) => {
    await logout(c.get('deps'), c.get('user').tokenId, c.get('user').id)
    return c.json({ payload: { logged_out: true } })
  })
  // Called by the app while online, so a teacher who uses it stays signed in (ADR 0116).
  .use(routes.renewSession, requireAuth)
  .post(routes.renewSession, describe({ summary: 'Renew the current token for TOKEN_TTL_SECONDS from now; answers expires_in', tag: 'auth' }), async (c) => {
    return c.json({ payload: { expires_in: await renewSession(c.get('deps'), c.get('user').tokenId, c.get('user').id) } })
  })
  .use(routes.changePassword, requireAuth)
  .post(routes.changePassword, describe({ summary: 'Change own password', tag: 'auth', body: ChangePasswordSchema }), async (c) => {
    const lang = c.get('lang')
    const input = await bodyOf(c)
    const user = c.get('user')
    await changePassword(c.get('deps'), {
      userId: user.id,
      tokenId: user.tokenId,
      oldPassword: input.old_password,
      newPassword: input.new_password,
      lang,
    })
    return c.json({ payload: { message: text('passwordChanged', lang) } })
  })
