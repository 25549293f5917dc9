// Debian's Caddy running the repository's deploy/Caddyfile (the file users deploy) in front of local copies:
// its own ports and its own data folder, whose local CA signs the certificates and is trusted only by the
// caller. Requests go over TLS and HTTP/2 (node:http2 speaks nothing else), by the institution's name.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { connect } from 'node:http2'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, ROOT } from './server-process'

/** Whether a `caddy` is on PATH (.ci/run installs Debian's and sets MISCUE_REQUIRE_CADDY=1). */
export function caddyInstalled(): boolean {
  return spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0
}

export type Answer = { status: number; body: any }

export type Caddy = {
  /** One request through Caddy to https://HOST/PATH (HOST ends in the base domain, e.g. sample.localhost). */
  request: (host: string, method: string, path: string, o?: { token?: string; form?: Record<string, string>; requestId?: string }) => Promise<Answer>
  /** Where Caddy serves HTTPS on 127.0.0.1 (a browser reaches https://HOST:httpsPort/). */
  httpsPort: number
  output: () => string
  stop: () => Promise<void>
}

export async function startCaddy(o: { baseDomain: string; upstreamPorts: number[] }): Promise<Caddy> {
  const home = mkdtempSync(join(tmpdir(), 'miscue-caddy-'))
  const [httpPort, httpsPort, adminPort] = [await freePort(), await freePort(), await freePort()]
  const proc = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', join(ROOT, 'deploy', 'Caddyfile')], {
    env: {
      PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config'),
      MISCUE_DOMAIN: o.baseDomain,
      ACME_EMAIL: 'ci@example.org',
      MISCUE_UPSTREAMS: o.upstreamPorts.map((p) => `127.0.0.1:${p}`).join(' '),
      MISCUE_TLS_ASK: `127.0.0.1:${o.upstreamPorts[0]}`,
      MISCUE_CADDY_OPTIONS: [`http_port ${httpPort}`, `https_port ${httpsPort}`, `admin 127.0.0.1:${adminPort}`, 'local_certs', 'skip_install_trust'].join('\n'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  proc.stdout!.on('data', (d) => { out += d })
  proc.stderr!.on('data', (d) => { out += d })
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  const rootCert = join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt')

  const request: Caddy['request'] = (host, method, path, r = {}) => new Promise((resolve, reject) => {
    // Certificates are checked against Caddy's local CA, for the name asked (SNI), like a browser trusting it.
    const session = connect(`https://127.0.0.1:${httpsPort}`, { servername: host, ca: readFileSync(rootCert) })
    session.once('error', reject)
    const body = r.form ? new URLSearchParams(r.form).toString() : undefined
    const stream = session.request({
      ':method': method, ':path': path, ':authority': host,
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
      ...(r.requestId ? { 'x-request-id': r.requestId } : {}),
      ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    })
    let status = 0
    let text = ''
    stream.setEncoding('utf8')
    stream.on('response', (headers) => { status = Number(headers[':status']) })
    stream.on('data', (chunk: string) => { text += chunk })
    stream.on('error', (e) => { session.close(); reject(e) })
    stream.on('end', () => {
      session.close()
      let parsed: unknown = text
      try { parsed = text ? JSON.parse(text) : undefined } catch { /* not JSON: kept as text */ }
      resolve({ status, body: parsed })
    })
    stream.end(body)
  })

  // Ready once its CA exists and it answers the platform host through a copy.
  const until = Date.now() + 60_000
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`caddy exited with ${proc.exitCode}:\n${out}`)
    if (existsSync(rootCert)) {
      const ready = await request(o.baseDomain, 'GET', '/api/ready/').catch(() => undefined)
      if (ready?.status === 200) break
    }
    if (Date.now() > until) {
      proc.kill('SIGTERM')
      throw new Error(`caddy not answering after 60 s:\n${out}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }

  return {
    request,
    httpsPort,
    output: () => out,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGTERM')
      await exited
      rmSync(home, { recursive: true, force: true })
    },
  }
}
