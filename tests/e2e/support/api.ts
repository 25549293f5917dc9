// Calls to the real server from a browser test (to set up data and to check what reached the server), through
// 127.0.0.1 with the institution's Host header (Node does not resolve NAME.localhost).
import { expect } from '@playwright/test'
import type { APIRequestContext } from '@playwright/test'
import { E2E } from '../../../playwright.config'
import { SAMPLE_USERS } from './app' // app.ts imports this file too: read only when a helper runs
import type { ComprehensionStep } from '../../../src/shared/reports/comprehension'

export const SAMPLE_HOST = new URL(E2E.institutionUrl).host
export const PLATFORM_HOST = new URL(E2E.platformUrl).host

/** The server behind a host: its port (a spec may start a server of its own), the usual one by default. */
function portOf(host: string): string {
  return host.split(':')[1] ?? String(E2E.port)
}

export async function call<T>(request: APIRequestContext, host: string, method: string, path: string, token?: string, data?: unknown, form?: Record<string, string>): Promise<T> {
  const response = await request.fetch(`http://127.0.0.1:${portOf(host)}${path}`, {
    method,
    headers: {
      Host: host,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(data ? { 'Content-Type': 'application/json' } : {}),
      ...(method !== 'GET' ? { 'Idempotency-Key': crypto.randomUUID() } : {}),
    },
    data: data ? JSON.stringify(data) : undefined,
    form,
  })
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true)
  return ((await response.json()) as { payload: T }).payload
}

type Session = { token: string; userId: number; expiresAt: number; life: number }

/** This worker's sign-ins, by host and user (a worker is a process: the map is its own). */
const sessions = new Map<string, Session>()

/**
 * A token of this user on this host, signed in through POST /api/login/ once per worker: each sign-in costs the
 * server a password hash at production cost. The kept token is used while the server still accepts it (a test
 * may have signed it out or let it idle out) and has more than half its life left (a spec's server may give
 * 20-second tokens); otherwise the user signs in again.
 */
export async function session(request: APIRequestContext, host: string, username: string, password: string): Promise<Session> {
  const key = `${host}|${username}`
  const kept = sessions.get(key)
  if (kept && kept.expiresAt - Date.now() > (kept.life * 1000) / 2) {
    const answer = await request.get(`http://127.0.0.1:${portOf(host)}/api/myprofile/`, { headers: { Host: host, Authorization: `Bearer ${kept.token}` } })
    if (answer.ok()) return kept
  }
  const payload = await call<{ access_token: string; expires_in: number; profile: { id: number } }>(request, host, 'POST', '/api/login/', undefined, undefined,
    { username, password, client_id: 'miscue-web', client_secret: '', grant_type: 'password' })
  const fresh = { token: payload.access_token, userId: payload.profile.id, expiresAt: Date.now() + payload.expires_in * 1000, life: payload.expires_in }
  sessions.set(key, fresh)
  return fresh
}

export async function login(request: APIRequestContext, host: string, username: string, password: string): Promise<string> {
  return (await session(request, host, username, password)).token
}

type Named = { id: number; code?: string }

/** A text passage made by the platform admin (with its comprehension step, if given) and assigned to the sample institution; returns its id. */
export async function addPassage(request: APIRequestContext, o: { title: string; content: string; language: 'en' | 'ar'; minutes: number; seconds?: number; platformHost?: string; comprehension?: ComprehensionStep }): Promise<number> {
  const platform = o.platformHost ?? PLATFORM_HOST
  const admin = await login(request, platform, 'admin', E2E.adminPassword)
  const deps = (await call<{ results: { subjects: Named[]; skills: Named[]; assessment_types: Named[]; content_display_types: Named[]; levels: Named[] } }>(
    request, platform, 'GET', '/api/assessment-dependency/', admin)).results
  const byCode = (rows: Named[], code: string) => rows.find((r) => r.code === code)!.id
  const assessment = await call<{ id: number }>(request, platform, 'POST', '/api/assessment/', admin, {
    title: o.title, subject: byCode(deps.subjects, o.language === 'en' ? 'english-reading' : 'arabic-reading'), skill_type: byCode(deps.skills, `${o.language}-orf`),
    assessment_type: byCode(deps.assessment_types, `${o.language}-passage`), content_display_type: byCode(deps.content_display_types, 'text'),
    content: o.content, minutes: o.minutes, seconds: o.seconds ?? 0, levels: [deps.levels[0]!.id], comprehension: o.comprehension ?? null,
  })
  const institutions = await call<{ results: { id: number; subdomain_name: string }[] }>(request, platform, 'GET', '/api/client/', admin)
  const sample = institutions.results.find((i) => i.subdomain_name === 'sample')!
  await call(request, platform, 'PUT', `/api/assessment/${assessment.id}/clients/`, admin, { clients: [sample.id] })
  return assessment.id
}

/** The sample school, the 2026-2027 year, a class of it by name and the class's students, as a teacher reads them. */
export async function sampleClass(request: APIRequestContext, token: string, className: string) {
  const [school] = await call<{ results: { id: number }[] }>(request, SAMPLE_HOST, 'GET', '/api/myschools/', token).then((p) => p.results)
  const year = (await call<{ results: { id: number; display_name: string }[] }>(request, SAMPLE_HOST, 'GET', '/api/academic-year/', token))
    .results.find((y) => y.display_name === '2026-2027')!
  const cls = (await call<{ results: { id: number; name: string }[] }>(request, SAMPLE_HOST, 'GET', `/api/school/${school!.id}/all_classes/`, token))
    .results.find((c) => c.name === className)!
  const kids = (await call<{ results: { id: number; first_name: string }[] }>(request, SAMPLE_HOST, 'GET',
    `/api/school/${school!.id}/class/${cls.id}/year/${year.id}/student/`, token)).results
  return { school: school!, year, cls, kid: (first: string) => kids.find((k) => k.first_name === first)!.id }
}

/**
 * What an earlier try of a spec file made, removed before the file runs again: CI retries a failed file from its
 * first test on the same server. Every school of the sample institution loses its grades or sections named `names`
 * (none on a first try).
 */
export async function removeFromSchools(request: APIRequestContext, kind: 'grade' | 'section', names: readonly string[]) {
  const token = await login(request, SAMPLE_HOST, SAMPLE_USERS.institutionAdmin, E2E.samplePassword)
  const schools = (await call<{ results: { id: number }[] }>(request, SAMPLE_HOST, 'GET', '/api/myschools/', token)).results
  for (const school of schools) {
    const rows = (await call<{ results: { id: number; name: string }[] }>(request, SAMPLE_HOST, 'GET', `/api/school/${school.id}/all-${kind}s/`, token)).results
    for (const row of rows.filter((r) => names.includes(r.name))) await call(request, SAMPLE_HOST, 'DELETE', `/api/school/${school.id}/${kind}/${row.id}/`, token)
  }
}
