import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createHarness, type Harness } from '../setup/api-harness'
import { MESSAGES } from '../../src/server/lib/messages'
import { IDEMPOTENCY_HEADER, api } from '../../src/shared/api'
import { type insertInstitution, sampleAdminAndOther } from '../factories/tenants'

let h: Harness
let token: string
let schoolId: number
let other: Awaited<ReturnType<typeof insertInstitution>>
let otherToken: string

beforeAll(async () => {
  h = await createHarness()
  ;({ token, schoolId, other, otherToken } = await sampleAdminAndOther(h, 'other'))
})
afterAll(async () => {
  await h?.close()
})

const key = (k: string) => ({ [IDEMPOTENCY_HEADER]: k })
const gradeCount = async (host?: string, t = token, school = schoolId) =>
  (await h.request('GET', api.grades(school), { host, token: t })).body.payload.count as number

describe('Idempotency-Key', () => {
  it('replays a repeated create: same answer, one row, marked as replayed', async () => {
    const before = await gradeCount()
    const json = { identifier: 'IDEM1', display_name: 'Once' }
    const first = await h.request('POST', api.grades(schoolId), { token, json, headers: key('create-1') })
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const second = await h.request('POST', api.grades(schoolId), { token, json, headers: key('create-1') })
    expect(second.status).toBe(201)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(second.body).toEqual(first.body)
    expect(await gradeCount()).toBe(before + 1)
  })

  it('replays a write queued before the user signed in again (same user, new token)', async () => {
    const json = { identifier: 'RELOGIN', display_name: 'Queued offline' }
    const first = await h.request('POST', api.grades(schoolId), { token, json, headers: key('relogin-1') })
    expect(first.status).toBe(201)
    const newToken = await h.login('institution.admin@sample.test')
    const replay = await h.request('POST', api.grades(schoolId), { token: newToken, json, headers: key('relogin-1') })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
  })

  it('does not hand one user the answer stored for another user under the same key', async () => {
    const json = { identifier: 'OTHERUSER', display_name: 'Mine' }
    expect((await h.request('POST', api.grades(schoolId), { token, json, headers: key('shared-user-key') })).status).toBe(201)
    const other = await h.login('school.admin@sample.test')
    const res = await h.request('POST', api.grades(schoolId), { token: other, json, headers: key('shared-user-key') })
    expect(res.status).toBe(422)
  })

  it('without a key, a repeat is a new request (here a duplicate, 409)', async () => {
    const json = { identifier: 'NOKEY', display_name: 'x' }
    expect((await h.request('POST', api.grades(schoolId), { token, json })).status).toBe(201)
    expect((await h.request('POST', api.grades(schoolId), { token, json })).status).toBe(409)
  })

  it('refuses the same key with a different body (422) and creates nothing', async () => {
    const before = await gradeCount()
    expect((await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'IDEM2', display_name: 'A' }, headers: key('create-2') })).status).toBe(201)
    const res = await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'IDEM3', display_name: 'B' }, headers: key('create-2') })
    expect(res.status).toBe(422)
    expect(res.body.message.errors).toEqual([MESSAGES.idempotencyMismatch.en])
    expect(await gradeCount()).toBe(before + 1)
    const onOtherPath = await h.request('POST', api.sections(schoolId), { token, json: { identifier: 'IDEM2', display_name: 'A' }, headers: key('create-2') })
    expect(onOtherPath.status).toBe(422)
  })

  it('keeps keys per institution', async () => {
    const json = { identifier: 'SHARED', display_name: 'Same key elsewhere' }
    const ours = await h.request('POST', api.grades(schoolId), { token, json, headers: key('shared-key') })
    expect(ours.status).toBe(201)
    const before = await gradeCount(other.host, otherToken, other.schoolId)
    const theirs = await h.request('POST', api.grades(other.schoolId), { host: other.host, token: otherToken, json, headers: key('shared-key') })
    expect(theirs.status).toBe(201)
    expect(theirs.headers.get('idempotent-replayed')).toBeNull()
    expect(theirs.body.payload.id).not.toBe(ours.body.payload.id)
    expect(theirs.body.payload.school_id).toBe(other.schoolId)
    expect(await gradeCount(other.host, otherToken, other.schoolId)).toBe(before + 1)
  })

  it('does not store a refused request: the same key with a fixed body succeeds', async () => {
    const bad = await h.request('POST', api.grades(schoolId), { token, json: { identifier: '', display_name: 'Fixed later' }, headers: key('retry-1') })
    expect(bad.status).toBe(400)
    const good = await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'FIXED', display_name: 'Fixed later' }, headers: key('retry-1') })
    expect(good.status).toBe(201)
    expect(good.headers.get('idempotent-replayed')).toBeNull()
    expect(good.body.payload.identifier).toBe('FIXED')

    // A conflict (409) and a permission refusal (403) are not stored either.
    const dup = await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'FIXED', display_name: 'again' }, headers: key('retry-2') })
    expect(dup.status).toBe(409)
    const renamed = await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'FIXED2', display_name: 'again' }, headers: key('retry-2') })
    expect(renamed.status).toBe(201)
    const viewer = await h.login('viewer@sample.test')
    const refused = await h.request('POST', api.grades(schoolId), { token: viewer, json: { identifier: 'V', display_name: 'v' }, headers: key('retry-3') })
    expect(refused.status).toBe(403)
    const again = await h.request('POST', api.grades(schoolId), { token: viewer, json: { identifier: 'V', display_name: 'v' }, headers: key('retry-3') })
    expect(again.status).toBe(403)
    expect(again.headers.get('idempotent-replayed')).toBeNull()
  })

  it('replays a delete with 200 after the row is gone', async () => {
    const row = (await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'GONE', display_name: 'x' } })).body.payload
    const first = await h.request('DELETE', api.grade(schoolId, row.id), { token, headers: key('delete-1') })
    expect(first.status).toBe(200)
    const second = await h.request('DELETE', api.grade(schoolId, row.id), { token, headers: key('delete-1') })
    expect(second.status).toBe(200)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(second.body).toEqual(first.body)
    expect((await h.request('DELETE', api.grade(schoolId, row.id), { token })).status).toBe(404)
  })

  it('replays an update without running it again', async () => {
    const row = (await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'UPD', display_name: 'v1' } })).body.payload
    const json = { identifier: 'UPD', display_name: 'v2', updated_at: row.updated_at }
    const first = await h.request('PUT', api.grade(schoolId, row.id), { token, json, headers: key('update-1') })
    expect(first.status).toBe(200)
    // Without the key the same stale updated_at would now be a conflict; with it, the stored answer comes back.
    const second = await h.request('PUT', api.grade(schoolId, row.id), { token, json, headers: key('update-1') })
    expect(second.status).toBe(200)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect(second.body).toEqual(first.body)
    expect((await h.request('PUT', api.grade(schoolId, row.id), { token, json })).status).toBe(409)
  })

  it('creates one row when the same request races itself', async () => {
    const before = await gradeCount()
    const json = { identifier: 'RACE', display_name: 'race' }
    const answers = await Promise.all([1, 2, 3].map(() => h.request('POST', api.grades(schoolId), { token, json, headers: key('race-1') })))
    const ok = answers.filter((a) => a.status === 201)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    for (const a of answers) expect([201, 409]).toContain(a.status)
    expect(new Set(ok.map((a) => a.body.payload.id)).size).toBe(1)
    expect(await gradeCount()).toBe(before + 1)
  })

  it('refuses an over-long key and ignores keys on reads', async () => {
    const long = await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'LONG', display_name: 'x' }, headers: key('k'.repeat(201)) })
    expect(long.status).toBe(400)
    const read1 = await h.request('GET', api.grades(schoolId), { token, headers: key('read-1') })
    await h.request('POST', api.grades(schoolId), { token, json: { identifier: 'AFTERREAD', display_name: 'x' } })
    const read2 = await h.request('GET', api.grades(schoolId), { token, headers: key('read-1') })
    expect(read2.headers.get('idempotent-replayed')).toBeNull()
    expect(read2.body.payload.count).toBe(read1.body.payload.count + 1)
  })
})
