// Idempotency committed with the write (docs/adr/0030): a failure anywhere undoes the rows and the key
// together, so the outbox's retry applies the write exactly once; keys outlive a week offline; answers
// carrying a token and signed-out calls are never stored.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, PLATFORM_HOST, type Harness } from '../setup/api-harness'
import { idempotencyKeys } from '../../src/server/db/schema/tables'
import { pruneIdempotencyKeys } from '../../src/server/jobs/prune-stored-keys.job'
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_IN_PROGRESS, api } from '../../src/shared/api'
import { sampleInstitutionId } from '../factories/tenants'

let h: Harness
let token: string
let schoolId: number
let sampleId: number

beforeAll(async () => {
  h = await createHarness()
  token = await h.login('institution.admin@sample.test')
  schoolId = (await h.request('GET', api.mySchools, { token })).body.payload.results[0].id
  sampleId = await sampleInstitutionId(h)
})
afterAll(async () => {
  await h?.close()
})

const key = (k: string) => ({ [IDEMPOTENCY_HEADER]: k })
const gradesNamed = async (identifier: string) => {
  const list = await h.request('GET', `${api.grades(schoolId)}?identifier=${identifier}`, { token })
  return (list.body.payload.results as { identifier: string }[]).filter((g) => g.identifier === identifier).length
}
const storedKeys = async (k: string) => h.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))

describe('a failure after the handler wrote its rows', () => {
  it('rolls back the rows with the key: the retry with the same key creates the grade once and answers 201', async () => {
    // Storing the answer fails once: the write itself had already succeeded inside the request.
    await h.db.execute(sql`create sequence if not exists test_fault_once`)
    await h.db.execute(sql.raw(`create or replace function test_fail_once() returns trigger language plpgsql as $$
      begin
        if new.status is not null and new.key = 'fault-store-1' and nextval('test_fault_once') = 1 then
          raise exception 'injected fault while storing the answer';
        end if;
        return new;
      end $$`))
    await h.db.execute(sql.raw('create trigger test_fail_once before insert or update on idempotency_keys for each row execute function test_fail_once()'))
    try {
      const json = { identifier: 'FAULT1', display_name: 'Written once' }
      const first = await h.request('POST', api.grades(schoolId), { token, json, headers: key('fault-store-1') })
      expect(first.status).toBe(500)
      expect(await gradesNamed('FAULT1')).toBe(0)
      expect(await storedKeys('fault-store-1')).toEqual([])

      const retry = await h.request('POST', api.grades(schoolId), { token, json, headers: key('fault-store-1') })
      expect(retry.status).toBe(201)
      expect(retry.body.payload).toMatchObject({ identifier: 'FAULT1', display_name: 'Written once' })
      expect(await gradesNamed('FAULT1')).toBe(1)

      const replay = await h.request('POST', api.grades(schoolId), { token, json, headers: key('fault-store-1') })
      expect(replay.status).toBe(201)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(replay.body).toEqual(retry.body)
      expect(await gradesNamed('FAULT1')).toBe(1)
    } finally {
      await h.db.execute(sql.raw('drop trigger if exists test_fail_once on idempotency_keys'))
    }
  })
})

describe('retention', () => {
  it('a key stored 25 hours ago still replays its answer after the hourly pruning', async () => {
    const json = { identifier: 'OLDKEY', display_name: 'Queued a day ago' }
    const first = await h.request('POST', api.grades(schoolId), { token, json, headers: key('day-old-1') })
    expect(first.status).toBe(201)
    await h.db.update(idempotencyKeys)
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.scope, sampleId), eq(idempotencyKeys.key, 'day-old-1')))
    await pruneIdempotencyKeys(h.db)

    const replay = await h.request('POST', api.grades(schoolId), { token, json, headers: key('day-old-1') })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    expect(await gradesNamed('OLDKEY')).toBe(1)
  })

  it('keys older than 30 days are forgotten', async () => {
    const json = { identifier: 'ANCIENT', display_name: 'x' }
    expect((await h.request('POST', api.grades(schoolId), { token, json, headers: key('month-old-1') })).status).toBe(201)
    await h.db.update(idempotencyKeys).set({ created_at: sql`now() - interval '31 days'` }).where(eq(idempotencyKeys.key, 'month-old-1'))
    expect(await pruneIdempotencyKeys(h.db)).toBeGreaterThanOrEqual(1)
    expect(await storedKeys('month-old-1')).toEqual([])
  })
})

describe('concurrent requests with one key', () => {
  it('write one row; every other answer is the stored one or 409 in_progress with Retry-After', async () => {
    const json = { identifier: 'TWIN', display_name: 'Sent by two tabs' }
    const answers = await Promise.all([1, 2].map(() => h.request('POST', api.grades(schoolId), { token, json, headers: key('twin-1') })))
    const created = answers.filter((a) => a.status === 201)
    expect(created.length).toBeGreaterThanOrEqual(1)
    expect(new Set(created.map((a) => a.body.payload.id)).size).toBe(1)
    for (const a of answers) {
      if (a.status === 201) continue
      expect(a.status).toBe(409)
      expect(a.body.message.codes).toEqual({ _: IDEMPOTENCY_IN_PROGRESS })
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    expect(await gradesNamed('TWIN')).toBe(1)
  })
  // PGlite runs one transaction at a time (the second request simply waits), so only PostgreSQL can
  // show a request still holding the key when another arrives.
  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL, one still holding the key makes the other answer 409 in_progress with Retry-After, then it applies once', async () => {
    const json = { identifier: 'HELD', display_name: 'Slow first request' }
    const held = new Error('release the key')
    await h.db.transaction(async (tx) => {
      await tx.insert(idempotencyKeys).values({ scope: sampleId, key: 'held-1', request_hash: 'first request still running' })
      const res = await h.request('POST', api.grades(schoolId), { token, json, headers: key('held-1') })
      expect(res.status).toBe(409)
      expect(res.body.message.codes).toEqual({ _: IDEMPOTENCY_IN_PROGRESS })
      expect(res.headers.get('retry-after')).toBe('2')
      throw held
    }).catch((err) => { if (err !== held) throw err })
    const later = await h.request('POST', api.grades(schoolId), { token, json, headers: key('held-1') })
    expect(later.status).toBe(201)
    expect(await gradesNamed('HELD')).toBe(1)
  })
})

describe('what is never stored', () => {
  it('a sign-in sent with an Idempotency-Key: its token is not written down and a repeat signs in afresh', async () => {
    const form = { username: 'teacher@sample.test', password: 'Sample$1pass', client_id: 'miscue-web', client_secret: '', grant_type: 'password' }
    const first = await h.request('POST', api.login, { form, headers: key('login-1') })
    expect(first.status).toBe(200)
    const again = await h.request('POST', api.login, { form, headers: key('login-1') })
    expect(again.status).toBe(200)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
    expect(again.body.payload.access_token).not.toBe(first.body.payload.access_token)
    expect(await storedKeys('login-1')).toEqual([])
  })

  it('a signed-in call whose answer carries a token is not stored either', async () => {
    // The platform admin signs in on the platform host while sending a (valid) token and a key.
    const admin = await h.login('admin', 'Admin$1pass', PLATFORM_HOST)
    const form = { username: 'admin', password: 'Admin$1pass', client_id: 'miscue-web', client_secret: '', grant_type: 'password' }
    const res = await h.request('POST', api.login, { host: PLATFORM_HOST, token: admin, form, headers: key('login-2') })
    expect(res.status).toBe(200)
    expect(await storedKeys('login-2')).toEqual([])
  })

  it('a signed-out write with a key stores nothing (password reset request, refused grade)', async () => {
    const forgot = await h.request('POST', '/api/forgot-password/', { json: { email: 'viewer@sample.test' }, headers: key('anon-1') })
    expect(forgot.status).toBe(200)
    expect(await storedKeys('anon-1')).toEqual([])
    const refused = await h.request('POST', api.grades(schoolId), { json: { identifier: 'ANON', display_name: 'x' }, headers: key('anon-2') })
    expect(refused.status).toBe(401)
    const badToken = await h.request('POST', api.grades(schoolId), { token: 'not-a-token', json: { identifier: 'ANON', display_name: 'x' }, headers: key('anon-3') })
    expect(badToken.status).toBe(401)
    expect(await storedKeys('anon-2')).toEqual([])
    expect(await storedKeys('anon-3')).toEqual([])
    expect(await gradesNamed('ANON')).toBe(0)
  })

  it('an oversized body with a key is refused (413) before anything is stored, on every route', async () => {
    const big = { identifier: 'BIG', display_name: 'x'.repeat(1024 * 1024 + 10) }
    const res = await h.request('POST', api.grades(schoolId), { token, json: big, headers: key('big-1') })
    expect(res.status).toBe(413)
    expect(await storedKeys('big-1')).toEqual([])
    // The assessment save has a larger limit (a PDF), applied before the key is read too.
    const admin = await h.login('admin', 'Admin$1pass', PLATFORM_HOST)
    const huge = { title: 'x', pdf: `data:application/pdf;base64,${'A'.repeat(16 * 1024 * 1024)}` }
    const upload = await h.request('POST', '/api/assessment/', { host: PLATFORM_HOST, token: admin, json: huge, headers: key('big-2') })
    expect(upload.status).toBe(413)
    expect(await storedKeys('big-2')).toEqual([])
  })
})
