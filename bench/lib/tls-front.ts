// The production shape's front for bench:web: TLS and HTTP/2 in front of the app, as compose.yaml's Caddy
// serves every institution (deploy/Caddyfile). A browser speaks HTTP/2 only over TLS, so the app reached
// directly on http://localhost (npm start) is HTTP/1.1: six connections, each request waiting for one.
// The certificate is a throwaway, made by openssl for *.localhost; Chromium is told to ignore it.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Headers of one hop that HTTP/2 forbids or that belong to the connection, not the answer. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer'])

function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'miscue-tls-'))
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,DNS:*.localhost',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' })
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
  } catch (error) {
    throw new Error("bench:web's TLS front needs openssl to make a throwaway certificate", { cause: error })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Starts the front on `port`, passing every request to the app on `upstreamPort` with its Host kept. */
export async function startTlsFront(port: number, upstreamPort: number): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createSecureServer({ ...throwawayCertificate(), allowHTTP1: true }, (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue
      headers[name] = value
    }
    headers.host = req.headers[':authority'] ?? req.headers.host ?? ''
    const upstream = httpRequest({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers }, (answer) => {
      const out: Record<string, string | string[]> = {}
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value
      res.writeHead(answer.statusCode ?? 502, out)
      answer.pipe(res)
    })
    upstream.on('error', () => { if (!res.headersSent) res.writeHead(502); res.end() })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
