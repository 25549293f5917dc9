// A real server process (node + tsx, the same entry as npm start) for the fault and scale-out suites:
// started, driven over HTTP on 127.0.0.1 with the institution's Host header, and killed as an operator would.
import { spawn, type ChildProcess } from 'node:child_process'
import { request as rawRequest } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'

export const ROOT = join(import.meta.dirname, '..', '..', '..')
export const SAMPLE_HOST = 'sample.localhost'
export const PASSWORD = 'Sample$1pass'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

function httpRequest(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string; headers: Headers }>((resolve, reject) => {
    const req = rawRequest({ host: '127.0.0.1', port, method, path, headers, timeout: 15_000 }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { text += chunk })
      res.on('end', () => {
        const out = new Headers()
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v)
        resolve({ status: res.statusCode ?? 0, text, headers: out })
      })
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error('request timed out')))
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

export type ServerProcess = {
  port: number
  proc: ChildProcess
  output: () => string
  exited: Promise<number | null>
  request: (method: string, path: string, o?: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> }) => Promise<{ status: number; body: any; headers: Headers }>
  waitReady: (timeoutMs?: number) => Promise<void>
  kill: (signal?: NodeJS.Signals) => Promise<number | null>
}

export function startServer(env: Record<string, string>, port: number): ServerProcess {
  // MISCUE_ENTRY: another checkout's server (the benches compare versions side by side).
  const proc = spawn(process.execPath, ['--import', 'tsx', env.MISCUE_ENTRY ?? join(ROOT, 'src/server/index.ts')], {
    cwd: ROOT,
    env: { ...process.env, SAMPLE_PASSWORD: PASSWORD, ADMIN_PASSWORD: 'Admin$1pass', BASE_DOMAIN: 'localhost', DIST_DIR: join(ROOT, 'no-dist'), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  proc.stdout!.on('data', (d) => { out += d })
  proc.stderr!.on('data', (d) => { out += d })
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)))
  const request: ServerProcess['request'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { host: SAMPLE_HOST, ...(o.headers ?? {}) }
    if (o.token) headers.authorization = `Bearer ${o.token}`
    let body: string | undefined
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(o.json)
    } else if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(o.form).toString()
    }
    // node:http rather than fetch: fetch does not let a caller set the Host header, and tenancy is by Host.
    const res = await httpRequest(port, method, path, headers, body)
    let data: unknown
    try {
      data = res.text ? JSON.parse(res.text) : undefined
    } catch {
      data = res.text
    }
    return { status: res.status, body: data, headers: res.headers }
  }
  return {
    port,
    proc,
    output: () => out,
    exited,
    request,
    async waitReady(timeoutMs = 180_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}:\n${out}`)
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/ready/`, { signal: AbortSignal.timeout(2000) })
          if (res.status === 200) return
        } catch {
          // not listening yet
        }
        if (Date.now() > until) throw new Error(`server not ready after ${timeoutMs} ms:\n${out}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    async kill(signal = 'SIGKILL') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal)
      return exited
    },
  }
}

export async function signIn(server: ServerProcess, username = 'school.admin@sample.test'): Promise<string> {
  const res = await server.request('POST', '/api/login/', {
    form: { username, password: PASSWORD, client_id: 'miscue-web', client_secret: '', grant_type: 'password' },
  })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.payload.access_token as string
}

export async function firstSchoolId(server: ServerProcess, token: string): Promise<number> {
  const res = await server.request('GET', '/api/myschools/', { token })
  return res.body.payload.results[0].id as number
}

/** A fresh, empty PostgreSQL database on the server TEST_DATABASE_URL names; dropped by the returned function. */
export async function freshPostgres(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg')
  const name = `miscue_faults_${Math.random().toString(16).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

/** How many rounds a fault suite runs: its CI count unless FAULT_ROUNDS asks for the full one. */
export function rounds(ciCount: number): number {
  const asked = Number(process.env.FAULT_ROUNDS)
  return Number.isInteger(asked) && asked > 0 ? asked : ciCount
}
