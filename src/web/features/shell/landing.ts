// The landing redirect (spec §2): the configured landing URL when the user may open it; the root (home)
// when it is empty; otherwise access-denied. See docs/adr/0060-shell-landing-selectors-institution-cookie.md.
import { ALWAYS_ALLOWED_PATHS } from '../../../shared/permissions'

export type Landing = { kind: 'home' } | { kind: 'redirect'; href: string } | { kind: 'denied' }

export function landingFor(landingUrl: string | null | undefined, menu: readonly string[]): Landing {
  const url = (landingUrl ?? '').trim()
  if (url === '' || url === '/') return { kind: 'home' }
  // Only a path of this app: never another site (//evil.example, https://…).
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return { kind: 'denied' }
  const first = url.slice(1).split(/[/?#]/)[0] ?? ''
  const allowed = (ALWAYS_ALLOWED_PATHS as readonly string[]).includes(first) || menu.includes(first)
  return allowed ? { kind: 'redirect', href: url } : { kind: 'denied' }
}

/** Where the access-denied page's button goes: the landing URL, or the root when there is none. */
export function landingHref(landingUrl: string | null | undefined): string {
  const url = (landingUrl ?? '').trim()
  return url.startsWith('/') && !url.startsWith('//') ? url : '/'
}
