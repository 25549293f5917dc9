// Serves the built PWA (dist/) next to the API. Hashed files under /assets/ are cached for good; a
// missing one answers 404 (never the shell): a tab still running an older build then sees its chunk
// load fail and reloads onto the new build, instead of parsing index.html as JavaScript (ADR 0038).
// Every other unknown path is a client-side route and gets the shell. The build writes a Brotli and a gzip
// copy of every compressible file (vite.config.ts `precompress`), answered to browsers that accept them
// (ADR 0100). A first visit to the sign-in page, or to the institution's address while signed out, gets the
// sign-in page of its own, which loads without the rest of the app (sign-in.html, ADR 0106).
// The two pages carry the server's BASE_DOMAIN (meta miscue-base-domain): the app tells the platform host
// from an institution's, and scopes its session cookie, by it (ADR 0114).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'

export function serveWebApp(app: Hono<any>, distDir: string, baseDomain: string): void {
  // The service worker and the shell must be revalidated; hashed assets can be cached for good.
  // (Set on the answer itself: serveStatic's onFound runs after its response is built.)
  const cacheFor = (value: string) => async (c: { res: Response }, next: () => Promise<void>) => {
    await next()
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value)
  }
  app.use('/*', cacheFor('no-cache'))
  app.use('/assets/*', cacheFor('public, max-age=31536000, immutable'))
  const page = (file: string) => {
    const html = readPage(join(distDir, file))
    return html === undefined ? undefined : pageWithBaseDomain(html, baseDomain)
  }
  // index.ts serves the web app only when the build has its shell.
  const appPage = page('index.html')!
  // Falls through to the app's shell when the build has no sign-in page. The session cookie is the app's own
  // (lib/session/session.ts): with one, the app decides (an expired session still ends on its sign-in page).
  const signInPage = page('sign-in.html') ?? appPage
  app.get('/index.html', appPage)
  app.get('/sign-in.html', signInPage)
  app.get('/login', signInPage)
  app.get('/', (c) => (getCookie(c, 'auth_info') === undefined ? signInPage(c) : appPage(c)))
  app.use('/*', serveStatic({ root: distDir, precompressed: true }))
  app.all('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.text('Not found', 404)
  })
  app.get('*', appPage)
}

function readPage(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/**
 * A built page with the base domain written in, compressed once at start. The service worker keeps the app
 * page it fetched, base domain included.
 */
function pageWithBaseDomain(html: string, baseDomain: string): (c: Context) => Response {
  // readEnv allows only host-name characters in BASE_DOMAIN, so nothing needs escaping.
  const body = Buffer.from(html.replace(/(<meta name="miscue-base-domain" content=")[^"]*(")/, `$1${baseDomain}$2`))
  const encoded = {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  }
  return (c) => {
    const accepts = c.req.header('accept-encoding') ?? ''
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding' }
    if (encoding) headers['Content-Encoding'] = encoding
    return c.body(new Uint8Array(encoding ? encoded[encoding] : body), 200, headers)
  }
}
