// Serves the built PWA (dist/) next to the API. Hashed files under /assets/ are cached for good; a
// missing one answers 404 (never the shell): a tab still running an older build then sees its chunk
// load fail and reloads onto the new build, instead of parsing index.html as JavaScript (ADR 0038).
// Every other unknown path is a client-side route and gets the shell. The build writes a Brotli and a gzip
// copy of every compressible file (vite.config.ts `precompress`), answered to browsers that accept them
// (ADR 0100). A first visit to the sign-in page, or to the institution's address while signed out, gets the
// sign-in page of its own, which loads without the rest of the app (sign-in.html, ADR 0106).
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { getCookie } from 'hono/cookie'

export function serveWebApp(app: Hono<any>, distDir: string): void {
  // The service worker and the shell must be revalidated; hashed assets can be cached for good.
  // (Set on the answer itself: serveStatic's onFound runs after its response is built.)
  const cacheFor = (value: string) => async (c: { res: Response }, next: () => Promise<void>) => {
    await next()
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value)
  }
  app.use('/*', cacheFor('no-cache'))
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'))
  // Falls through to the app's shell when the build has no sign-in page. The session cookie is the app's own
  // (lib/session/session.ts): with one, the app decides (an expired session still ends on its sign-in page).
  const signInPage = serveStatic({ root: distDir, path: 'sign-in.html', precompressed: true })
  app.get('/login', signInPage)
  app.get('/', (c, next) => (getCookie(c, 'auth_info') === undefined ? signInPage(c, next) : next()))
  app.use('/*', serveStatic({ root: distDir, precompressed: true }))
  app.all('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.text('Not found', 404)
  })
  app.get('*', serveStatic({ root: distDir, path: 'index.html', precompressed: true }))
}
