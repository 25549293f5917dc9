// Security headers on every answer (API and web app), and no-store on API answers: they hold personal
// data (names, ids, e-mail addresses) that must not stay in a shared browser's or a proxy's cache.
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../context'

/**
 * The web app's policy: scripts, styles and fonts from this origin only (no inline script; the build
 * emits none and index.html loads one module); images also as data:/blob: (PDF previews, icons); audio also
 * as blob: (a recording played from the device before it is sent, or fetched with the token: ADR 0090);
 * API calls to this origin; the service worker from this origin; never framed.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const securityHeaders = (opts: { https: boolean }) => createMiddleware<AppEnv>(async (c, next) => {
  await next()
  const h = c.res.headers
  h.set('X-Content-Type-Options', 'nosniff')
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  h.set('X-Frame-Options', 'DENY')
  h.set('Cross-Origin-Opener-Policy', 'same-origin')
  h.set('Cross-Origin-Resource-Policy', 'same-origin')
  h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
  h.set('Permissions-Policy', 'camera=(), geolocation=(), microphone=(self), payment=()')
  if (opts.https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  // CORS stays closed: the app calls its own origin, so no Access-Control-Allow-* header is ever sent.
  h.delete('Access-Control-Allow-Origin')
  h.delete('Access-Control-Allow-Credentials')
  if (c.req.path.startsWith('/api/')) h.set('Cache-Control', 'no-store')
})
