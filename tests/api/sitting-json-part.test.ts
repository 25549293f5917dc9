// POST /api/sitting/ with its recording (ADR 0131): the sitting's typed body as JSON in the multipart part
// `sitting`, validated by the shared schema as the JSON route is, beside the `audio` part. The earlier shape (one
// form field per property), which tablets may still replay from their outbox, is tested in capture-scoring and
// reports (unchanged) and in src/server/areas/sittings/sitting-request.test.ts.
import { describe, expect, it } from 'vitest'
import { teacherOnReportFixture } from '../factories/report-fixture'
import { api } from '../../src/shared/api'
import { AUDIO_MAX_BYTES } from '../../src/server/areas/sittings/sittings.service'

const world = teacherOnReportFixture()

const WEBM = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]

/** Sara reads the English passage (10 words) in 60 s: w1 substitution, w3 insertion → 80 %, WCPM 8. */
function sara(at: string) {
  return {
    student: world.f.sara, assessment: world.f.english, class: world.f.class1A, academic_year: world.f.yearId, created_in_device_at: at, duration: 60,
    marks: [{ word_index: 1, miscue: 'substitution' }, { word_index: 3, miscue: 'insertion' }], notes: 'Read "hen" as "hat"',
  }
}

/** The form fields the capture screen stored in the outbox before ADR 0131: one per property, objects as JSON text. */
function storedFields(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, typeof value === 'object' ? JSON.stringify(value) : String(value)]))
}

function send(sitting: string, o: { key?: string; lang?: 'en' | 'ar'; audio?: Uint8Array<ArrayBuffer> } = {}) {
  const form = new FormData()
  form.append('sitting', sitting)
  form.append('audio', new Blob([o.audio ?? new Uint8Array(WEBM)], { type: 'audio/webm' }), 'sitting.webm')
  return world.h.app.request('http://sample.localhost:8080/api/sitting/', {
    method: 'POST', body: form,
    headers: { host: 'sample.localhost:8080', authorization: `Bearer ${world.teacher}`, 'accept-language': o.lang ?? 'en', ...(o.key ? { 'Idempotency-Key': o.key } : {}) },
  })
}

describe('a sitting sent as JSON in one part beside its recording', () => {
  it('lands with the figures and notes of its JSON and the recording; sent again under its key it lands once', async () => {
    const body = JSON.stringify(sara('2026-11-09T08:00:00Z'))
    const first = await send(body, { key: 'tablet-json-part-1' })
    const sitting = (await first.json()).payload
    expect(first.status, JSON.stringify(sitting)).toBe(201)
    expect(sitting).toMatchObject({ student: world.f.sara, error_count: 2, accuracy: 80, wcpm: 8, notes: 'Read "hen" as "hat"' })
    expect(sitting.audio_url).toMatch(/\/audio\/$/)
    const audio = await world.h.app.request(`http://sample.localhost:8080${sitting.audio_url}`, { headers: { host: 'sample.localhost:8080', authorization: `Bearer ${world.teacher}` } })
    expect([...new Uint8Array(await audio.arrayBuffer())]).toEqual(WEBM)
    // The answer was lost: the outbox builds the same form again (a new boundary) and sends it under the same key.
    const again = await send(body, { key: 'tablet-json-part-1' })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await again.json()).payload.id).toBe(sitting.id)
    const rows = (await world.h.request('GET', api.studentSittings(world.f.sara), { token: world.teacher })).body.payload.results
    expect(rows.filter((r: { created_in_device_at: string }) => r.created_in_device_at === '2026-11-09T08:00:00.000Z')).toHaveLength(1)
  })

  it('refuses a part that is not JSON with 400 naming the part, in English and Arabic', async () => {
    for (const [lang, text] of [['en', 'The sitting could not be read'], ['ar', 'تعذرت قراءة الجلسة']] as const) {
      const res = await send('student=5&marks=[]', { lang })
      const answer = await res.json()
      expect(res.status).toBe(400)
      expect(answer.message.fields.sitting[0]).toContain(text)
    }
  })

  it('refuses what the schema refuses as the JSON route does, field by field', async () => {
    const wrong = { ...sara('2026-11-09T09:00:00Z'), duration: 'a minute', marks: [{ word_index: -1, miscue: 'substitution' }] }
    const asPart = await (await send(JSON.stringify(wrong))).json()
    const asJson = await world.h.request('POST', api.sittings, { token: world.teacher, json: wrong })
    expect(asJson.status).toBe(400)
    expect(asPart.message).toEqual(asJson.body.message)
    expect(Object.keys(asPart.message.fields)).toEqual(expect.arrayContaining(['duration']))
  })

  it(`refuses a recording over ${AUDIO_MAX_BYTES / 1024 / 1024} MB with 413 naming the audio`, async () => {
    const big = new Uint8Array(AUDIO_MAX_BYTES + 1)
    big.set(WEBM)
    const res = await send(JSON.stringify(sara('2026-11-09T10:00:00Z')), { audio: big })
    expect(res.status).toBe(413)
    expect((await res.json()).message.fields.audio[0]).toContain('20 MB')
  })

  it('a sitting queued in the earlier shape (one field per property) with its pauses lands as its JSON would; before, its pauses got a 400', async () => {
    const body = { ...sara('2026-11-09T11:00:00Z'), reading_gaps: [{ at: '2026-11-09T11:00:20Z', seconds: 9, reason: 'hidden' }], discontinued: false }
    const form = new FormData()
    for (const [name, value] of Object.entries(storedFields(body))) form.append(name, value)
    form.append('audio', new Blob([new Uint8Array(WEBM)], { type: 'audio/webm' }), 'sitting.webm')
    const res = await world.h.app.request('http://sample.localhost:8080/api/sitting/', { method: 'POST', body: form, headers: { host: 'sample.localhost:8080', authorization: `Bearer ${world.teacher}` } })
    const answer = await res.json()
    expect(res.status, JSON.stringify(answer)).toBe(201)
    expect(answer.payload).toMatchObject({ accuracy: 80, wcpm: 8, discontinued: false, reading_gaps: [{ seconds: 9, reason: 'hidden' }] })
  })
})
