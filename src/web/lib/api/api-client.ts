// The only module that calls fetch. It adds the bearer token, the language and the idempotency key,
// unwraps the {payload} envelope and turns every failure into ApiError or NetworkError.
import { IDEMPOTENCY_HEADER } from '../../../shared/api'
import type { AuthErrorBody, ErrorBody } from '../../../shared/api'
import { ApiError, NetworkError } from './api-error'
import { getAccessToken } from '../session/session'
import { getLanguage } from '../i18n/language'
import { reportCallOutcome } from './reachability'
import { NotModified, revalidations } from './conditional-get'
import { takeEarlyAnswer } from './early-answers'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type ApiRequest = {
  method?: HttpMethod
  path: string
  query?: URLSearchParams
  /** JSON body. */
  json?: unknown
  /** application/x-www-form-urlencoded body (login). */
  form?: Record<string, string>
  /** multipart/form-data body (file uploads); the browser sets the boundary. */
  multipart?: FormData
  /** Required for writes; generated when missing so every write can be replayed safely. */
  idempotencyKey?: string
  signal?: AbortSignal
  /** Gives up after this long (a NetworkError, so the outbox retries); REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number
  /** The ETag of the answer the caller holds: the server answers 304 when it is still current. */
  ifNoneMatch?: string
  /**
   * Which statuses trigger the app-wide handlers (401 → login, 403 → access denied).
   * Login turns them off: there a 401 only means wrong credentials.
   */
  redirectOn?: readonly number[]
}

type AuthFailureHandlers = { onUnauthorized: () => void; onForbidden: () => void }
let handlers: AuthFailureHandlers = { onUnauthorized: () => {}, onForbidden: () => {} }

/** Wired once by the app so the client can send the user to /login or /access-denied. */
export function setAuthFailureHandlers(next: AuthFailureHandlers): void {
  handlers = next
}

/** No request waits longer: a hung connection must not stall the outbox (or a screen) for good. */
export const REQUEST_TIMEOUT_MS = 30_000

export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

export async function apiRequest<T>(request: ApiRequest): Promise<T> {
  const redirectOn = request.redirectOn ?? [401, 403]
  // A GET for a query that holds an answer to it sends that answer's tag (ADR 0102, 0134): 304 means it is current.
  const revalidation = request.method ? undefined : revalidations.get(request.signal!) // no signal: undefined
  if (!revalidation) return unwrap<T>(await send(request), redirectOn)
  // The held tag goes with the fetch's first GET (a query holds a tag only when its function made one GET).
  const held = revalidation.gets++ === 0 ? revalidation.held : undefined
  const response = await send(held ? { ...request, ifNoneMatch: held } : request)
  revalidation.etag = response.headers.get('ETag')
  if (response.status === 304 && held) {
    revalidation.notModified = true
    throw new NotModified()
  }
  return unwrap<T>(response, redirectOn)
}

/** Sends without interpreting the status: the outbox classifies answers itself. */
export async function send(request: ApiRequest): Promise<Response> {
  const method = request.method ?? 'GET'
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getLanguage() })
  const token = getAccessToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (method !== 'GET') headers.set(IDEMPOTENCY_HEADER, request.idempotencyKey ?? newIdempotencyKey())
  if (request.ifNoneMatch) headers.set('If-None-Match', request.ifNoneMatch)

  let body: BodyInit | undefined
  if (request.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded')
    body = new URLSearchParams(request.form).toString()
  } else if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(request.json)
  } else if (request.multipart) {
    body = request.multipart
  }

  const url = new URL(request.path, window.location.origin)
  if (request.query) url.search = request.query.toString()
  const timeout = AbortSignal.timeout(request.timeoutMs ?? REQUEST_TIMEOUT_MS)
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
  // The same call asked for by public/lang-dir.js before the app had loaded (ADR 0109, 0110): its answer, once.
  const early = method === 'GET' ? takeEarlyAnswer(url.pathname + url.search, token) : undefined
  try {
    const response = await (early ? Promise.race([early, aborted(signal)]) : fetch(url, { method, headers, body, signal, credentials: 'same-origin' }))
    reportCallOutcome(true)
    return response
  } catch (error) {
    // The caller's own abort is passed on; a timeout is a network failure like any other (retry).
    if (request.signal?.aborted) throw error
    reportCallOutcome(false)
    throw new NetworkError(error)
  }
}

/** Rejects when `signal` aborts: a call answered early still gives up after its timeout, or when cancelled. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
}

export async function unwrap<T>(response: Response, redirectOn: readonly number[] = []): Promise<T> {
  if (response.ok) {
    if (response.status === 204) return undefined as T
    const body = (await readJson(response)) as { payload?: T } | undefined
    return (body?.payload ?? body) as T
  }
  const error = await toApiError(response)
  if (response.status === 401 && redirectOn.includes(401)) handlers.onUnauthorized()
  if (response.status === 403 && redirectOn.includes(403)) handlers.onForbidden()
  throw error
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response)
  if (body && typeof body === 'object') {
    const auth = body as Partial<AuthErrorBody>
    if (typeof auth.error_description === 'string') return new ApiError(response.status, [auth.error_description])
    const message = (body as Partial<ErrorBody>).message
    if (message && typeof message === 'object') {
      return new ApiError(response.status, message.errors ?? [], message.fields ?? {}, message.codes ?? {}, message.current)
    }
    if (typeof message === 'string') return new ApiError(response.status, [message])
  }
  return new ApiError(response.status, [response.statusText || `HTTP ${response.status}`])
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
