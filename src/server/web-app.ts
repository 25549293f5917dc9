// Serves the built PWA (dist/) next to the API. Hashed files under /assets/ are cached for good; a
// missing one answers 404 (never the shell): a tab still running an older build then sees its chunk
// load fail and reloads onto the new build, instead of parsing index.html as JavaScript (ADR 0038).
// Every other unknown path is a client-side route and gets the shell. The build writes a Brotli and a gzip
// copy of every compressible file (vite.config.ts `precompress`), answered to browsers that accept them
// (ADR 0100).
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'

export function serveWebApp(app: Hono<any>, distDir: string): void {
  // The service worker and the shell must be revalidated; hashed assets can be cached for good.
  // (Set on the answer itself: serveStatic's onFound runs after its response is built.)
  const cacheFor = (value: string) => async (c: { res: Response }, next: () => Promise<void>) => {
    await next()
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value)
  }
  app.use('/*', cacheFor('no-cache'))
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'))
  app.use('/*', serveStatic({ root: distDir, precompressed: true }))
  app.all('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.text('Not found', 404)
  })
  app.get('*', serveStatic({ root: distDir, path: 'index.html', precompressed: true }))
}
