// Sign-in and password calls. They need an answer now, so they are sent directly rather than
// queued in the outbox; each still carries an Idempotency-Key (added by the api client).
import type { QueryClient } from '@tanstack/react-query'
import { api } from '../../../shared/api'
import type { LoginPayload, ProfilePayload, RenewPayload } from '../../../shared/schemas/auth'
import { apiRequest } from '../../lib/api/api-client'
import { saveAuth } from '../../lib/session/session'
import { authKeys } from './queries'

/** Used when the server is too old to say its client id. */
export const DEFAULT_CLIENT_ID = 'miscue-web'

let clientId: Promise<string> | null = null

/**
 * The public client id the server accepts (OAUTH_CLIENT_ID), asked once per page: the app is a public
 * client, so it sends no secret (OAUTH_CLIENT_SECRET is for confidential clients only).
 */
function oauthClientId(): Promise<string> {
  clientId ??= apiRequest<{ client_id: string }>({ method: 'GET', path: api.oauthClient, redirectOn: [] })
    .then((p) => p.client_id || DEFAULT_CLIENT_ID)
    .catch(() => {
      clientId = null
      return DEFAULT_CLIENT_ID
    })
  return clientId
}

/**
 * Signs in and keeps the session. Inside the app the profile goes into the query cache at once; the sign-in
 * page of its own (ADR 0106) has no cache and loads the app afterwards, which asks for the profile.
 */
export async function login(username: string, password: string, queryClient?: QueryClient): Promise<ProfilePayload> {
  const payload = await apiRequest<LoginPayload>({
    method: 'POST',
    path: api.login,
    form: { username, password, client_id: await oauthClientId(), grant_type: 'password' },
    redirectOn: [],
  })
  saveAuth(payload.access_token, payload.expires_in, payload.profile.id)
  const profile: ProfilePayload = {
    profile: payload.profile,
    menu: payload.menu,
    create_roles: payload.create_roles,
    access: payload.access,
  }
  queryClient?.setQueryData(authKeys.profile(), profile)
  return profile
}

/** Renews the signed-in token for another full life (ADR 0116); a 401 is the caller's to handle. */
export function renewSession(): Promise<RenewPayload> {
  return apiRequest<RenewPayload>({ method: 'POST', path: api.renewSession, redirectOn: [] })
}

/** Whether the sub-domain names an institution (spec: an unknown one goes to /page-not-found). */
export async function isKnownSubdomain(sub: string): Promise<boolean> {
  return (await apiRequest<{ is_valid_client: boolean }>({ path: api.validSubdomain(sub), redirectOn: [] })).is_valid_client
}

/** Best effort: the local session is cleared whatever the server says. */
export async function revokeToken(): Promise<void> {
  try {
    await apiRequest({ method: 'POST', path: api.logout, redirectOn: [] })
  } catch {
    // Offline or already expired: nothing more to do.
  }
}

export function requestPasswordReset(email: string): Promise<unknown> {
  return apiRequest({ method: 'POST', path: api.forgotPassword, json: { email }, redirectOn: [] })
}

export function resetPassword(body: { key: string; new_password: string; confirm_new_password: string }) {
  return apiRequest({ method: 'POST', path: api.resetPassword, json: body, redirectOn: [] })
}

export function changePassword(body: { old_password: string; new_password: string; confirm_new_password: string }) {
  return apiRequest({ method: 'POST', path: api.changePassword, json: body, redirectOn: [403] })
}
