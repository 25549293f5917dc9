// Scale-out on one PostgreSQL: two copies started at the same moment on a fresh database both come up
// (migrations and seeding under one advisory lock), and serve as one: a token from one works on the other,
// a write through one is read through the other, one Idempotency-Key sent to both at once creates one row,
// and a job queued through one runs exactly once.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { firstSchoolId, freePort, freshPostgres, signIn, startServer, type ServerProcess } from './support/server-process'

const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('two copies on one PostgreSQL', () => {
  it('start together on a fresh database and serve as one', async () => {
    const db = await freshPostgres(process.env.TEST_DATABASE_URL!)
    cleanups.push(db.drop)
    const dirs = [1, 2].map((n) => mkdtempSync(join(tmpdir(), `miscue-copy-${n}-`)))
    const env = (n: number) => ({ DATABASE_URL: db.url, DATA_DIR: dirs[n - 1]! })
    const [pa, pb] = [await freePort(), await freePort()]
    const a = startServer(env(1), pa)
    const b = startServer(env(2), pb)
    cleanups.push(async () => void (await a.kill('SIGTERM')), async () => void (await b.kill('SIGTERM')))
    await Promise.all([a.waitReady(), b.waitReady()])

    // Seeded once: one sample institution, one platform admin.
    const token = await signIn(a)
    const schoolId = await firstSchoolId(b, token)
    const grades = await b.request('GET', `/api/school/${schoolId}/grade/`, { token })
    expect(grades.status).toBe(200)
    expect(grades.body.payload.count).toBe(3)

    // Written through one, read through the other.
    const created = await a.request('POST', `/api/school/${schoolId}/grade/`, { token, json: { identifier: 'TWO1', display_name: 'Via A' } })
    expect(created.status).toBe(201)
    const read = await b.request('GET', `/api/school/${schoolId}/grade/${created.body.payload.id}/`, { token })
    expect(read.body.payload.display_name).toBe('Via A')

    // One key to both at once: one row; both answers name it.
    const send = (s: ServerProcess) => s.request('POST', `/api/school/${schoolId}/grade/`, {
      token, json: { identifier: 'KEY1', display_name: 'Both' }, headers: { 'idempotency-key': 'two-copies-one-key' },
    })
    const answers = await Promise.all([send(a), send(b)])
    for (const res of answers) expect([201, 409]).toContain(res.status)
    const again = await send(b) // after both finished: the stored answer
    expect(again.status).toBe(201)
    const found = await a.request('GET', `/api/school/${schoolId}/grade/?identifier=KEY1`, { token })
    expect(found.body.payload.count).toBe(1)
    expect(again.body.payload.id).toBe(found.body.payload.results[0].id)

    // A job queued through one copy (a password-reset mail) runs once, on whichever copy's worker takes it.
    const forgot = await a.request('POST', '/api/forgot-password/', { json: { email: 'teacher@sample.test' } })
    expect(forgot.status).toBeLessThan(300)
    const mails = () => dirs.flatMap((d) => (existsSync(join(d, 'mail')) ? readdirSync(join(d, 'mail')) : []))
    for (let i = 0; i < 150 && mails().length === 0; i++) await new Promise((r) => setTimeout(r, 200))
    await new Promise((r) => setTimeout(r, 3000)) // time for a second run, if the queue were to hand it out twice
    expect(mails()).toHaveLength(1)
  })
})
