// What the browser remembers about the signed-in user (spec §3 "Session data"):
// - cookie auth_info: the access token and its expiry (path=/, SameSite=Lax, for this host alone: a token
//   works only on the host that issued it (ADR 0004), so no other host, and no other site under the same
//   parent domain, is ever sent it (ADR 0114))
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

export type AuthInfo = {
  access_token: string
  token_type: string
  expires_at: number
  /** Who signed in: queued writes are only ever sent for the user who made them. */
  user_id?: number
}

export function saveAuth(token: string, expiresInSeconds: number, userId?: number, now = Date.now()): void {
  const info: AuthInfo = { access_token: token, token_type: 'Bearer', expires_at: now + expiresInSeconds * 1000, user_id: userId }
  const maxAge = Math.max(0, Math.floor(expiresInSeconds))
  document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(JSON.stringify(info))}; path=/; max-age=${maxAge}; SameSite=Lax${secure()}`
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

export function getAccessToken(): string | null {
  return readAuth()?.access_token ?? null
}

/** The owner stamped on queued writes: this host's signed-in user, or null when signed out. */
export function currentWriter(): string | null {
  const userId = readAuth()?.user_id
  return userId ? `${window.location.host}|${userId}` : null
}

/** Logged-in is derived from the stored token (spec §4). */
export function isAuthenticated(): boolean {
  return getAccessToken() !== null
}

/** Remembers the institution's address (spec §3 "cookie institution_url") for as long as the sign-in lasts. */
export function saveInstitutionUrl(url: string, now = Date.now()): void {
  const expires = readAuth()?.expires_at
  const maxAge = expires ? `; max-age=${Math.max(0, Math.floor((expires - now) / 1000))}` : ''
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
