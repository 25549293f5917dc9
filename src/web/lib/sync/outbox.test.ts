import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { MiscueDb } from '../db/db'
import { ANSWER_WAIT_MS, Outbox } from './outbox'
import { backoffDelay, classify } from './replay-policy'
import { REQUEST_TIMEOUT_MS } from '../api/api-client'
import { BATCH_MAX_CHARS } from '../../../shared/schemas/batch'
import type { NewOutboxItem } from './outbox'
import type { ApiRequest } from '../api/api-client'
import { createMemoryLock } from './replay-lock'

const OWNER = 'sample.localhost|7'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

type Received = { method: string; path: string; key: string | null; body: unknown }

let db: MiscueDb
let received: Received[]
let batches: number
let online: boolean
let clock: number
let scheduled: number[]
let accepted: string[]

function makeOutbox() {
  let n = 0
  return new Outbox({
    db,
    isOnline: () => online,
    now: () => clock,
    schedule: (_run, delay) => {
      scheduled.push(delay)
      return () => {}
    },
    newId: () => `key-${++n}`,
    onAccepted: (item) => {
      accepted.push(item.label)
    },
    currentOwner: () => OWNER,
    lock: createMemoryLock(),
    channel: null,
  })
}

function grade(label: string): NewOutboxItem {
  return {
    entity: 'grade', operation: 'create', method: 'POST', path: '/api/school/1/grade/',
    body: { identifier: label, display_name: label }, invalidates: ['grades', 1], scope: { schoolId: 1 }, label,
  }
}

/**
 * A fake server: answers by the display_name sent, recording everything it receives. A batch call is
 * applied write by write, stopping at the first answer that is not 2xx, as the real server does; each
 * write is recorded as if it came alone (`batches` counts the batch calls).
 */
function serve(answer: (name: string, attempt: number) => Response) {
  const attempts = new Map<string, number>()
  const one = (method: string, path: string, key: string | null, body: { display_name: string } | undefined) => {
    received.push({ method, path, key, body })
    const name = body?.display_name ?? ''
    const attempt = (attempts.get(name) ?? 0) + 1
    attempts.set(name, attempt)
    return answer(name, attempt)
  }
  server.use(
    http.all('*/api/*', async ({ request }) => {
      const path = new URL(request.url).pathname
      if (path === '/api/batch/') {
        batches++
        const { requests } = (await request.json()) as { requests: { method: string; path: string; headers: Record<string, string>; body?: { display_name: string } }[] }
        const results = []
        for (const r of requests) {
          const res = one(r.method, r.path, r.headers['Idempotency-Key'] ?? null, r.body)
          const text = await res.text()
          const retryAfter = res.headers.get('Retry-After')
          results.push({ status: res.status, body: text ? JSON.parse(text) : null, headers: retryAfter ? { 'retry-after': retryAfter } : {} })
          if (!res.ok) break
        }
        return HttpResponse.json({ payload: { results } })
      }
      const body = request.method === 'DELETE' ? undefined : ((await request.json()) as { display_name: string })
      return one(request.method, path, request.headers.get('Idempotency-Key'), body)
    }),
  )
}

const created = (name: string) => HttpResponse.json({ payload: { id: 1, display_name: name } }, { status: 201 })

beforeEach(async () => {
  db = new MiscueDb(`test-${crypto.randomUUID()}`)
  received = []
  batches = 0
  online = true
  clock = 1_000_000
  scheduled = []
  accepted = []
})

describe('classify', () => {
  it('sorts answers into accepted, rejected, retry and blocked', () => {
    expect(classify(201)).toBe('accepted')
    expect(classify(204)).toBe('accepted')
    expect(classify(400)).toBe('rejected')
    expect(classify(409)).toBe('rejected')
    expect(classify(401)).toBe('blocked')
    expect(classify(429)).toBe('retry')
    expect(classify(503)).toBe('retry')
    expect(classify('network')).toBe('retry')
  })

  it('backs off exponentially up to five minutes', () => {
    expect([1, 2, 3, 4].map(backoffDelay)).toEqual([2000, 4000, 8000, 16000])
    expect(backoffDelay(30)).toBe(5 * 60_000)
  })
})

describe('Outbox', () => {
  it('sends at once when online, with the client id as Idempotency-Key, and drops the item when accepted', async () => {
    serve((name) => created(name))
    const outbox = makeOutbox()
    const result = await outbox.enqueue(grade('Grade 1'))

    expect(result.state).toBe('accepted')
    expect(received).toEqual([{ method: 'POST', path: '/api/school/1/grade/', key: 'key-1', body: { identifier: 'Grade 1', display_name: 'Grade 1' } }])
    expect(accepted).toEqual(['Grade 1'])
    expect(outbox.items()).toEqual([])
  })

  it('keeps a rejected write with the server errors until the user fixes it', async () => {
    serve((name) =>
      name === 'Dup'
        ? HttpResponse.json({ message: { errors: ['Already exists'], fields: { identifier: ['Identifier is taken'] }, codes: { identifier: 'duplicate' } } }, { status: 400 })
        : created(name),
    )
    const outbox = makeOutbox()
    const result = await outbox.enqueue(grade('Dup'))

    expect(result.state).toBe('rejected')
    const [item] = outbox.items()
    expect(item?.status).toBe('rejected')
    expect(item?.rejection).toEqual({
      status: 400, errors: ['Already exists'], fieldErrors: { identifier: ['Identifier is taken'] }, codes: { identifier: 'duplicate' },
    })

    await outbox.retry(item!.id, { identifier: 'G2', display_name: 'Fixed' })
    expect(outbox.items()).toEqual([])
    // Another body needs another Idempotency-Key: the server refuses a key reused with a different body.
    expect(received.at(-1)).toMatchObject({ body: { display_name: 'Fixed' } })
    expect(received.at(-1)?.key).not.toBe(item!.id)
    expect(accepted).toEqual(['Dup'])
  })

  it('queues while offline and replays strictly in order when the connection returns', async () => {
    serve((name) => created(name))
    online = false
    const outbox = makeOutbox()
    for (const name of ['A', 'B', 'C']) expect((await outbox.enqueue(grade(name))).state).toBe('queued')
    expect(received).toEqual([])
    expect(outbox.items().map((i) => i.label)).toEqual(['A', 'B', 'C'])

    online = true
    await outbox.replayNow()
    expect(received.map((r) => (r.body as { display_name: string }).display_name)).toEqual(['A', 'B', 'C'])
    expect(outbox.items()).toEqual([])
  })

  it('retries server errors with back-off, holding later writes back, and never sends a key twice for two writes', async () => {
    serve((name, attempt) => (name === 'A' && attempt < 3 ? new HttpResponse(null, { status: 503 }) : created(name)))
    const outbox = makeOutbox()
    await outbox.enqueue(grade('A'))
    await outbox.enqueue(grade('B'))

    // A failed once; B waits behind it.
    expect(received.map((r) => r.key)).toEqual(['key-1'])
    expect(outbox.items().map((i) => [i.label, i.attempts])).toEqual([['A', 1], ['B', 0]])
    expect(outbox.items()[0]?.nextAttemptAt).toBe(clock + 2000)

    // Not due yet: nothing is sent.
    await outbox.replay()
    expect(received).toHaveLength(1)

    clock += 2000
    await outbox.replay()
    expect(outbox.items()[0]?.attempts).toBe(2)
    expect(outbox.items()[0]?.nextAttemptAt).toBe(clock + 4000)

    clock += 4000
    await outbox.replay()
    expect(received.map((r) => r.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-2'])
    expect(outbox.items()).toEqual([])
    expect(accepted).toEqual(['A', 'B'])
    expect(scheduled).toContain(2000)
  })

  it('treats a network failure as retry and keeps the write', async () => {
    server.use(http.all('*/api/*', () => HttpResponse.error()))
    const outbox = makeOutbox()
    const result = await outbox.enqueue(grade('A'))
    expect(result.state).toBe('queued')
    expect(outbox.items()).toHaveLength(1)
    expect(outbox.items()[0]?.attempts).toBe(1)
  })

  it('survives a reload: a new outbox on the same database resumes the stored items', async () => {
    online = false
    await makeOutbox().enqueue(grade('Typed offline'))

    online = true
    serve((name) => created(name))
    const afterReload = makeOutbox()
    await afterReload.start()
    expect(received.map((r) => (r.body as { display_name: string }).display_name)).toEqual(['Typed offline'])
    expect(afterReload.items()).toEqual([])
  })

  it('stops on 401 without losing the write', async () => {
    serve(() => HttpResponse.json({ error: 'invalid_token', error_description: 'Expired' }, { status: 401 }))
    const onBlocked = vi.fn()
    const outbox = new Outbox({ db, isOnline: () => true, onBlocked, schedule: () => () => {}, currentOwner: () => OWNER, channel: null })
    const result = await outbox.enqueue(grade('A'))
    expect(result.state).toBe('queued')
    expect(onBlocked).toHaveBeenCalledOnce()
    expect(outbox.items()[0]?.status).toBe('pending')
  })

  it('says a write the device could not store was not stored, and queues nothing', async () => {
    serve((name) => created(name))
    const outbox = makeOutbox()
    vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
    const result = await outbox.enqueue(grade('Full'))
    expect(result.state).toBe('not-stored')
    expect((result.error as DOMException).name).toBe('QuotaExceededError')
    expect(result.item.label).toBe('Full')
    expect(await db.outbox.count()).toBe(0)
    expect(received).toEqual([])
    // Space again: the same save goes through.
    expect((await outbox.enqueue(grade('Full'))).state).toBe('accepted')
  })

  it('answers "queued" after ANSWER_WAIT_MS when the server does not answer, and sends the write on its own', async () => {
    let answer: (() => void) | undefined
    server.use(http.all('*/api/*', async ({ request }) => {
      const body = (await request.json()) as { display_name: string }
      await new Promise<void>((resolve) => (answer = resolve))
      return created(body.display_name)
    }))
    const outbox = makeOutbox()
    const started = performance.now()
    const result = await outbox.enqueue(grade('Hanging'))
    const waited = performance.now() - started
    expect(result.state).toBe('queued')
    expect(waited).toBeGreaterThanOrEqual(ANSWER_WAIT_MS - 50)
    expect(waited).toBeLessThan(REQUEST_TIMEOUT_MS)
    answer!()
    await outbox.replay()
    expect(accepted).toEqual(['Hanging'])
    expect(outbox.items()).toEqual([])
  })

  it('chains two queued edits of one record: the second carries the version the first makes, and both land', async () => {
    let version = 'v1'
    const applied: string[] = []
    server.use(http.all('*/api/*', async ({ request }) => {
      const path = new URL(request.url).pathname
      const one = (body: { display_name: string; updated_at?: string }) => {
        if (body.updated_at !== version) return { status: 409, body: { message: { errors: ['Changed by someone else'], codes: { _: 'conflict' } } } }
        applied.push(body.display_name)
        version = `v${applied.length + 1}`
        return { status: 200, body: { payload: { id: 5, display_name: body.display_name, updated_at: version } } }
      }
      if (path === '/api/batch/') {
        const { requests } = (await request.json()) as { requests: { body: { display_name: string; updated_at?: string } }[] }
        const results = []
        for (const r of requests) {
          const answer = one(r.body)
          results.push({ ...answer, headers: {} })
          if (answer.status !== 200) break
        }
        return HttpResponse.json({ payload: { results } })
      }
      const answer = one((await request.json()) as { display_name: string; updated_at?: string })
      return HttpResponse.json(answer.body, { status: answer.status })
    }))
    const edit = (name: string): NewOutboxItem => ({
      entity: 'grade', operation: 'update', method: 'PUT', path: '/api/school/1/grade/5/', recordId: 5, chainVersion: true,
      body: { identifier: 'G5', display_name: name, updated_at: 'v1' }, invalidates: ['grades', 1], scope: { schoolId: 1 }, label: name,
    })
    online = false
    const outbox = makeOutbox()
    const first = await outbox.enqueue(edit('First edit'))
    expect((await outbox.lastQueuedEdit('grade', 5))?.id).toBe(first.item.id)
    const second = await outbox.enqueue(edit('Second edit'))
    expect((await outbox.lastQueuedEdit('grade', 5))?.id).toBe(second.item.id)
    online = true
    await outbox.replayNow()
    expect(applied).toEqual(['First edit', 'Second edit'])
    expect(outbox.items()).toEqual([])
  })

  it('only removes an item the user discards', async () => {
    online = false
    const outbox = makeOutbox()
    const { item } = await outbox.enqueue(grade('A'))
    await outbox.discard(item.id)
    expect(outbox.items()).toEqual([])
  })

  it('sends a write only while the user who made it is signed in', async () => {
    online = false
    let owner: string | null = 'sample.localhost|7'
    const outbox = new Outbox({ db, isOnline: () => online, schedule: () => () => {}, currentOwner: () => owner, channel: null })
    await outbox.enqueue(grade('Made by user 7'))

    online = true
    serve((name) => created(name))
    owner = 'sample.localhost|9' // someone else signed in on this tablet
    await outbox.replayNow()
    expect(received).toEqual([])
    // Nor is it shown to them: the sync panel and pending rows list the signed-in user's writes only.
    expect(outbox.items()).toEqual([])

    owner = 'sample.localhost|7'
    await outbox.replayNow()
    expect(received.map((r) => (r.body as { display_name: string }).display_name)).toEqual(['Made by user 7'])
    expect(outbox.items()).toEqual([])
  })

  it('keeps the current server version with a conflicting edit, so the user can compare offline', async () => {
    const current = { id: 5, display_name: 'Changed by someone else', updated_at: '2026-11-22T10:00:00.000Z' }
    serve(() => HttpResponse.json({ message: { errors: ['Someone else changed this record'], codes: { _: 'conflict' }, current } }, { status: 409 }))
    const outbox = makeOutbox()
    const result = await outbox.enqueue({ ...grade('Mine'), operation: 'update', method: 'PUT', path: '/api/school/1/grade/5/', recordId: 5 })
    expect(result.state).toBe('rejected')
    expect(result.item.rejection).toMatchObject({ status: 409, codes: { _: 'conflict' }, current })
    expect(outbox.items()).toHaveLength(1)
  })

  it('hands a screen the answer of a write it queued, once it is accepted', async () => {
    online = false
    const outbox = makeOutbox()
    const { item } = await outbox.enqueue(grade('Later'))
    online = true
    serve((name) => created(name))
    await outbox.replayNow()
    expect(outbox.takeAcceptedPayload(item.id)).toMatchObject({ display_name: 'Later' })
    expect(outbox.takeAcceptedPayload(item.id)).toBeUndefined()
  })

  it('keeps a file queued offline and sends it as multipart on reconnect, the same file on every attempt', async () => {
    const forms: { key?: string; json: unknown; name: string; text: string; cls: unknown }[] = []
    // The request as the api client would send it (jsdom's FormData cannot travel through Node's fetch).
    const send = async (request: ApiRequest) => {
      const file = request.multipart?.get('student_excel') as File
      forms.push({ key: request.idempotencyKey, json: request.json, name: file.name, text: await file.text(), cls: request.multipart?.get('class') })
      return forms.length === 1 ? Response.json({ message: { errors: ['busy'] } }, { status: 503 }) : Response.json({ payload: [{ row: 2, status: 'success' }] })
    }
    online = false
    const outbox = new Outbox({ db, send, isOnline: () => online, now: () => clock, schedule: () => () => {}, currentOwner: () => OWNER, lock: createMemoryLock(), channel: null })
    const bytes = new TextEncoder().encode('PK pretend workbook').buffer
    const { item, state } = await outbox.enqueue({
      entity: 'bulk-upload', operation: 'create', method: 'POST', path: '/api/school/1/year/2/upload-student/',
      file: { field: 'student_excel', name: 'pupils.xlsx', type: 'application/octet-stream', size: bytes.byteLength, bytes, fields: { class: '9' } },
      invalidates: [], scope: { kind: 'student' }, label: 'pupils.xlsx',
    })
    expect(state).toBe('queued')
    expect((await db.outbox.get(item.id))?.file?.name).toBe('pupils.xlsx')
    online = true
    await outbox.replayNow()
    clock += 10_000
    await outbox.replayNow()
    const sent = { key: item.id, json: undefined, name: 'pupils.xlsx', text: 'PK pretend workbook', cls: '9' }
    expect(forms).toEqual([sent, sent])
    expect(outbox.takeAcceptedPayload(item.id)).toEqual([{ row: 2, status: 'success' }])
    expect(await db.outbox.count()).toBe(0)
    expect(await db.outboxFiles.count()).toBe(0)
  })

  it('a file write refused by the server is sent again with corrected fields, a new key and the same file; a discard drops the file', async () => {
    const forms: { key?: string; fields: Record<string, string>; size: number }[] = []
    const send = async (request: ApiRequest) => {
      const form = request.multipart!
      const file = form.get('audio') as File
      forms.push({ key: request.idempotencyKey, fields: Object.fromEntries([...form.entries()].filter(([k]) => k !== 'audio')) as Record<string, string>, size: file.size })
      return forms.length === 1
        ? Response.json({ message: { errors: ['Student not in class'], fields: { student: ['Student not in class'] } } }, { status: 400 })
        : Response.json({ payload: { id: 41 } }, { status: 201 })
    }
    const outbox = new Outbox({ db, send, isOnline: () => online, now: () => clock, schedule: () => () => {}, currentOwner: () => OWNER, lock: createMemoryLock(), channel: null })
    const bytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]).buffer
    const { item, state } = await outbox.enqueue({
      id: 'capture-1', entity: 'sitting', operation: 'create', method: 'POST', path: '/api/sitting/',
      file: { field: 'audio', name: 'sitting.webm', type: 'audio/webm', size: 7, bytes, fields: { student: '5' } },
      invalidates: [], scope: {}, label: 'Sara',
    })
    expect(state).toBe('rejected')
    await outbox.retry(item.id, { student: '6' })
    expect(forms.map((f) => f.fields)).toEqual([{ student: '5' }, { student: '6' }])
    expect(forms[0]!.key).toBe('capture-1')
    expect(forms[1]!.key).not.toBe('capture-1')
    expect(forms[1]!.size).toBe(7)
    expect(await db.outboxFiles.count()).toBe(0)

    online = false
    const queued = await outbox.enqueue({
      id: 'capture-2', entity: 'sitting', operation: 'create', method: 'POST', path: '/api/sitting/',
      file: { field: 'audio', name: 'sitting.webm', type: 'audio/webm', size: 7, bytes, fields: {} }, invalidates: [], scope: {}, label: 'Noor',
    }, { wait: false })
    expect(queued.state).toBe('queued')
    expect(await db.outboxFiles.get('capture-2')).toBeDefined()
    await outbox.discard('capture-2')
    expect(await db.outboxFiles.count()).toBe(0)
  })
})

describe('Outbox batches (ADR 0104)', () => {
  const names = () => received.map((r) => (r.body as { display_name: string } | undefined)?.display_name)
  const update = (label: string, recordId: number): NewOutboxItem => ({ ...grade(label), operation: 'update', method: 'PUT', path: `/api/school/1/grade/${recordId}/`, recordId })
  const refused = (name: string) => HttpResponse.json({ message: { errors: [`${name} refused`], fields: {}, codes: {} } }, { status: 400 })

  it('sends queued writes together in one call, in order, each with its own Idempotency-Key, and accepts each', async () => {
    serve((name) => created(name))
    online = false
    const outbox = makeOutbox()
    for (const name of ['A', 'B', 'C']) await outbox.enqueue(grade(name))
    online = true
    await outbox.replayNow()
    expect(batches).toBe(1)
    expect(names()).toEqual(['A', 'B', 'C'])
    expect(received.map((r) => r.key)).toEqual(['key-1', 'key-2', 'key-3'])
    expect(accepted).toEqual(['A', 'B', 'C'])
    expect(outbox.items()).toEqual([])
    expect(await db.outbox.count()).toBe(0)
    expect((await db.answers.toArray()).map((a) => (a.payload as { display_name: string }).display_name).sort()).toEqual(['A', 'B', 'C'])
  })

  it('keeps a write refused inside a batch, holds later writes to its record, and sends the writes the server did not attempt', async () => {
    serve((name) => (name === 'Bad' ? refused(name) : created(name)))
    online = false
    const outbox = makeOutbox()
    await outbox.enqueue(grade('A'))
    await outbox.enqueue(update('Bad', 5))
    await outbox.enqueue(update('After bad', 5))
    await outbox.enqueue(grade('C'))
    online = true
    await outbox.replayNow()
    // The batch stopped at the refusal; "After bad" waits behind it and C goes in the next call.
    expect(names()).toEqual(['A', 'Bad', 'C'])
    expect(accepted).toEqual(['A', 'C'])
    expect(outbox.items().map((i) => [i.label, i.status, i.held?.kind])).toEqual([['Bad', 'rejected', undefined], ['After bad', 'pending', 'after-rejected']])
    expect(outbox.items()[0]?.rejection).toMatchObject({ status: 400, errors: ['Bad refused'] })
  })

  it('retries from a write the server could not apply (5xx) after its back-off; the writes after it wait', async () => {
    serve((name, attempt) => (name === 'B' && attempt === 1 ? HttpResponse.json({ message: { errors: ['busy'] } }, { status: 503, headers: { 'Retry-After': '7' } }) : created(name)))
    online = false
    const outbox = makeOutbox()
    for (const name of ['A', 'B', 'C']) await outbox.enqueue(grade(name))
    online = true
    await outbox.replayNow()
    expect(names()).toEqual(['A', 'B'])
    expect(outbox.items().map((i) => [i.label, i.attempts])).toEqual([['B', 1], ['C', 0]])
    // The Retry-After of the write inside the batch is honoured (7 s is longer than the first back-off).
    expect(outbox.items()[0]?.nextAttemptAt).toBe(clock + 7000)
    clock += 7000
    await outbox.replay()
    expect(names()).toEqual(['A', 'B', 'B', 'C'])
    expect(outbox.items()).toEqual([])
  })

  it('stops on a 401 to the batch call without losing a write', async () => {
    serve((name) => created(name))
    server.use(http.post('*/api/batch/', () => HttpResponse.json({ error: 'invalid_token', error_description: 'Expired' }, { status: 401 })))
    online = false
    const onBlocked = vi.fn()
    const outbox = new Outbox({ db, isOnline: () => online, onBlocked, schedule: () => () => {}, currentOwner: () => OWNER, lock: createMemoryLock(), channel: null })
    for (const name of ['A', 'B']) await outbox.enqueue(grade(name))
    online = true
    await outbox.replayNow()
    expect(onBlocked).toHaveBeenCalledOnce()
    expect(outbox.items().map((i) => [i.label, i.status])).toEqual([['A', 'pending'], ['B', 'pending']])
  })

  it('falls back to one call per write on a server without the batch call (404)', async () => {
    serve((name) => created(name))
    let batchCalls = 0
    server.use(http.post('*/api/batch/', () => {
      batchCalls++
      return HttpResponse.json({ message: { errors: ['This address does not exist'] } }, { status: 404 })
    }))
    online = false
    const outbox = makeOutbox()
    for (const name of ['A', 'B', 'C']) await outbox.enqueue(grade(name))
    online = true
    await outbox.replayNow()
    expect(names()).toEqual(['A', 'B', 'C'])
    expect(outbox.items()).toEqual([])
    online = false
    for (const name of ['D', 'E']) await outbox.enqueue(grade(name))
    online = true
    await outbox.replayNow()
    expect(names()).toEqual(['A', 'B', 'C', 'D', 'E'])
    expect(batchCalls).toBe(1)
  })

  it('sends a file alone and the JSON writes around it in batches, in order', async () => {
    const calls: string[] = []
    const send = async (request: ApiRequest) => {
      if (request.path === '/api/batch/') {
        const { requests } = request.json as { requests: { body: { display_name: string } }[] }
        calls.push(`batch ${requests.map((r) => r.body.display_name).join(',')}`)
        return Response.json({ payload: { results: requests.map((r) => ({ status: 201, body: { payload: { id: 1, display_name: r.body.display_name } }, headers: {} })) } })
      }
      calls.push(request.multipart ? 'file' : `single ${(request.json as { display_name: string }).display_name}`)
      return Response.json({ payload: { id: 2 } }, { status: 201 })
    }
    online = false
    const outbox = new Outbox({ db, send, isOnline: () => online, now: () => clock, schedule: () => () => {}, currentOwner: () => OWNER, lock: createMemoryLock(), channel: null })
    await outbox.enqueue(grade('A'))
    await outbox.enqueue(grade('B'))
    const bytes = new TextEncoder().encode('PK').buffer
    await outbox.enqueue({ entity: 'bulk-upload', operation: 'create', method: 'POST', path: '/api/school/1/year/2/upload-student/', file: { field: 'f', name: 'a.xlsx', type: 'x', size: 2, bytes }, invalidates: [], scope: {}, label: 'file' })
    await outbox.enqueue(grade('C'))
    await outbox.enqueue(grade('D'))
    await outbox.enqueue(grade('E'))
    online = true
    await outbox.replayNow()
    expect(calls).toEqual(['batch A,B', 'file', 'batch C,D,E'])
    expect(outbox.items()).toEqual([])
  })

  it('keeps each batch within the body limit: a write that would take it over starts the next call', async () => {
    serve((name) => created(name))
    online = false
    const outbox = makeOutbox()
    const big = (label: string): NewOutboxItem => ({ ...grade(label), body: { identifier: label, display_name: label, note: 'x'.repeat(BATCH_MAX_CHARS / 2) } })
    for (const name of ['A', 'B', 'C', 'D']) await outbox.enqueue(big(name))
    online = true
    await outbox.replayNow()
    expect(names()).toEqual(['A', 'B', 'C', 'D'])
    // Any two of them together are over the limit: each goes alone.
    expect(batches).toBe(0)
    expect(outbox.items()).toEqual([])
  })
})
