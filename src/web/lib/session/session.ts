// What the browser remembers about the signed-in user (spec §3 "Session data"):
// - cookie auth_info: the access token and its expiry (path=/, SameSite=Lax, for this host alone: a token
//   works only on the host that issued it (ADR 0004), so no other host, and no other site under the same
//   parent domain, is ever sent it (ADR 0114)). It stays until sign-out, not until the token's expiry: an
//   expired or refused token means "sign in again to send", never another user, so the device copy and the
//   queued writes of this user stay (ADR 0116).
// - sessionStorage school_id / year_id: the selected school and academic year of this tab
// - sessionStorage redirect_after_login: the private URL asked for before signing in
// - cookie institution_url: the address of the institution the user works in (origin of its host),
//   written on entering an institution's shell and when the institution selector picks another;
//   shared by the platform and its institutions on the base domain, no wider (shared/tenant-host.ts,
//   docs/adr/0060-shell-landing-selectors-institution-cookie.md)
import { productCookieDomain } from '../../../shared/tenant-host'
import { baseDomain } from './subdomain'

const AUTH_COOKIE = 'auth_info'
const INSTITUTION_COOKIE = 'institution_url'
export const SCHOOL_KEY = 'school_id'
export const YEAR_KEY = 'year_id'
const REDIRECT_KEY = 'redirect_after_login'

/** How long the browser keeps auth_info and institution_url: until sign-out (400 days is Chromium's cap). */
const KEEP_SECONDS = 400 * 24 * 3600

export type AuthInfo = {
  access_token: string
  token_type: string
  expires_at: number
  /** The token's life in seconds when it was issued or last renewed: it is renewed past half of it. */
  life?: number
  /** Who signed in: queued writes are only ever sent for the user who made them. */
  user_id?: number
  /** The server refused the token (401): the user must sign in again before anything is sent. */
  ended?: boolean
}

export function saveAuth(token: string, expiresInSeconds: number, userId?: number, now = Date.now()): void {
  writeAuth({ access_token: token, token_type: 'Bearer', expires_at: now + expiresInSeconds * 1000, life: expiresInSeconds, user_id: userId })
}

/** The same token with its new life (a renewal): no change of user. */
export function renewAuth(expiresInSeconds: number, now = Date.now()): void {
  const info = readAuth()
  if (info && !info.ended) writeAuth({ ...info, expires_at: now + expiresInSeconds * 1000, life: expiresInSeconds })
}

/**
 * The server refused the token: the user signs in again to send, and stays the writer meanwhile, so
 * nothing of theirs leaves the device; only another user signing in (or signing out) does that.
 */
export function endSession(): void {
  const info = readAuth()
  if (info && !info.ended) writeAuth({ ...info, ended: true })
}

/** Signed in on this device, but the token has expired or was refused: sending waits for a new sign-in. */
export function signInNeeded(now = Date.now()): boolean {
  const info = readAuth()
  return info !== null && (info.ended === true || info.expires_at <= now)
}

/** Whether the token is past half its life (and not ended): time to renew it while online. */
export function renewalDue(now = Date.now()): boolean {
  const info = readAuth()
  if (!info || info.ended || !info.life) return false
  return info.expires_at - now < (info.life * 1000) / 2
}

function writeAuth(info: AuthInfo): void {
  document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(JSON.stringify(info))}; path=/; max-age=${KEEP_SECONDS}; SameSite=Lax${secure()}`
  announceWriterChange()
}

export function readAuth(): AuthInfo | null {
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${AUTH_COOKIE}=`))
    ?.slice(AUTH_COOKIE.length + 1)
  if (!raw) return null
  try {
    const info = JSON.parse(decodeURIComponent(raw)) as AuthInfo
    return typeof info.access_token === 'string' && info.access_token ? info : null
  } catch {
    return null
  }
}

/** The token to send; none once the server has refused it. */
export function getAccessToken(): string | null {
  const info = readAuth()
  return info && !info.ended ? info.access_token : null
}

/** The owner stamped on queued writes: this host's signed-in user (also while their sign-in has to be renewed), or null when signed out. */
export function currentWriter(): string | null {
  const userId = readAuth()?.user_id
  return userId ? `${window.location.host}|${userId}` : null
}

/** Logged-in is derived from the stored token (spec §4); an expired one still opens the device copy until the server refuses it. */
export function isAuthenticated(): boolean {
  return getAccessToken() !== null
}

/** Remembers the institution's address (spec §3 "cookie institution_url") for as long as the sign-in is kept. */
export function saveInstitutionUrl(url: string): void {
  const maxAge = readAuth() ? `; max-age=${KEEP_SECONDS}` : ''
  document.cookie = `${INSTITUTION_COOKIE}=${encodeURIComponent(url)}; path=/${maxAge}; SameSite=Lax${cookieDomain()}${secure()}`
}

export function readInstitutionUrl(): string | null {
  const raw = document.cookie.split('; ').find((part) => part.startsWith(`${INSTITUTION_COOKIE}=`))?.slice(INSTITUTION_COOKIE.length + 1)
  return raw ? decodeURIComponent(raw) : null
}

export function clearSession(): void {
  document.cookie = `${AUTH_COOKIE}=; path=/; max-age=0; SameSite=Lax`
  document.cookie = `${INSTITUTION_COOKIE}=; path=/; max-age=0; SameSite=Lax${cookieDomain()}`
  document.cookie = `${INSTITUTION_COOKIE}=; path=/; max-age=0; SameSite=Lax`
  sessionStorage.removeItem(SCHOOL_KEY)
  sessionStorage.removeItem(YEAR_KEY)
  announceWriterChange()
}

export function getStoredSchoolId(): number | null {
  return toId(sessionStorage.getItem(SCHOOL_KEY))
}
export function storeSchoolId(id: number | null): void {
  if (id === null) sessionStorage.removeItem(SCHOOL_KEY)
  else sessionStorage.setItem(SCHOOL_KEY, String(id))
}
export function getStoredYearId(): number | null {
  return toId(sessionStorage.getItem(YEAR_KEY))
}
export function storeYearId(id: number | null): void {
  if (id === null) sessionStorage.removeItem(YEAR_KEY)
  else sessionStorage.setItem(YEAR_KEY, String(id))
}

/** Remembers where an unauthenticated user wanted to go; only same-app paths are accepted. */
export function rememberRedirect(href: string): void {
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/login')) {
    sessionStorage.setItem(REDIRECT_KEY, href)
  }
}
export function takeRedirect(): string | null {
  const href = sessionStorage.getItem(REDIRECT_KEY)
  sessionStorage.removeItem(REDIRECT_KEY)
  return href
}

function toId(value: string | null): number | null {
  if (value === null) return null
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}

/** `; domain=miscue.example.org`: the platform and its institutions share the cookie, no other site does. */
function cookieDomain(): string {
  const domain = productCookieDomain(location.hostname, baseDomain())
  return domain ? `; domain=${domain}` : ''
}

function secure(): string {
  return location.protocol === 'https:' ? '; Secure' : ''
}

// Writer changes. Tells the app when the signed-in user of this host changes (sign-in, sign-out, a 401, someone else
// signing in, in this tab or another): the previous user's data then leaves the screen and the device
// caches, and the outbox shows and sends only the new user's writes (ADR 0036).

type Listener = (previous: string | null, next: string | null) => void

const listeners = new Set<Listener>()
let known: string | null | undefined
let channel: BroadcastChannel | null = null

/** Compares the signed-in user with the last one seen and tells the listeners when it changed. */
export function checkWriter(): void {
  const next = currentWriter()
  if (known === undefined) known = next
  if (next === known) return
  const previous = known
  known = next
  for (const listener of listeners) listener(previous, next)
}

/** Session code calls this after changing the cookie; other tabs hear it through a BroadcastChannel. */
export function announceWriterChange(): void {
  checkWriter()
  channel?.postMessage('writer-changed')
}

/** Listens for user changes; the first call also starts watching other tabs and focus. */
export function onWriterChange(listener: Listener): () => void {
  if (known === undefined) known = currentWriter()
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel('miscue-session')
    channel.onmessage = () => checkWriter()
    // A cookie set by another tab (or expiring) is noticed when this tab comes back too.
    window.addEventListener('focus', checkWriter)
    document.addEventListener('visibilitychange', checkWriter)
  }
  listeners.add(listener)
  return () => listeners.delete(listener)
}
