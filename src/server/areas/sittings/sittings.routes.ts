// Sittings: recording (POST /api/sitting/, idempotent through the Idempotency-Key middleware), the sitting
// report, its miscue pie and audio, a student's sittings and the student-accuracy screen.
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../../context'
import { allow, requireAuth } from '../../middleware/auth'
import { assertSchoolAccess } from '../../middleware/school-access'
import { readStoredFile } from '../../lib/files'
import { HttpError } from '../../lib/http-error'
import { closeAfterRefusal } from '../../lib/close-after-refusal'
import { LIMIT_MESSAGES } from '../../lib/request-limits'
import { idParam, jsonBody, validate } from '../../lib/validate'
import { SittingSchema } from '../../../shared/schemas/sitting'
import { SittingRemovalSchema } from '../../../shared/schemas/sitting-removal'
import { removeSitting } from './sitting-removal.service'
import { SittingCorrectionSchema, SittingRescoreSchema, SittingRestoreSchema, SittingVoidSchema } from '../../../shared/schemas/sitting-version'
import { changeSitting } from './sitting-version.service'
import { SecondScoringRequestSchema, SecondScoringSchema, SettleScoringsSchema } from '../../../shared/schemas/second-scoring'
import { blindSitting, compareScorings, saveSecondScoring } from './second-scoring.service'
import { askSecondScoring, secondScorerChoices } from './second-scoring-request.service'
import { settleScorings } from './second-scoring-settle.service'
import { changeScope, scope } from './sitting-scope'
import { SITTING_MESSAGES as M } from './sittings.messages'
import { AUDIO_MAX_BYTES, type AudioUpload, audioFromDataUrl, readSitting, recordSitting, sittingAudio, studentSittings } from './sittings.service'
import { studentAccuracy, visibleStudent } from './student-accuracy.service'

/** POST /api/sitting/ may carry audio: it gets its own size limit (sittingUploadLimit) instead of the app's 1 MB. */
export function isSittingUpload(method: string, path: string): boolean {
  return method === 'POST' && /^\/api\/sitting\/?$/.test(path)
}

/** Applied by the app (middleware/body-limits.ts) before anything reads the body. */
export const sittingUploadLimit = bodyLimit({
  maxSize: Math.ceil(AUDIO_MAX_BYTES * 1.4) + 1024 * 1024,
  onError: (c) => { throw HttpError.say(413, M.audioTooLarge(AUDIO_MAX_BYTES / 1024 / 1024), c.get('lang'), 'audio', 'too_large') },
})

/** Bodies above this (or of unknown length) carry audio; a sitting without audio is a few kilobytes. */
const AUDIO_BODY_BYTES = 256 * 1024
/** Seconds the web's outbox waits before sending a refused audio sitting again. */
const AUDIO_RETRY_SECONDS = 10

function carriesAudio(c: Context<AppEnv>): boolean {
  const length = c.req.header('content-length')
  return length === undefined || Number(length) > AUDIO_BODY_BYTES
}

const NUMBER_FIELDS = ['student', 'assessment', 'class', 'academic_year', 'total_attempted', 'total_question']

/** JSON (audio as a data URL), or multipart with the `audio` file field, `marks`, `scoring_profile`, `scored_types` and `comprehension` as JSON text. */
async function readBody(c: Context<AppEnv>): Promise<{ body: unknown; audio: AudioUpload | null }> {
  const lang = c.get('lang')
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const body = (await jsonBody(c)) as Record<string, unknown>
    const audio = body && typeof body.audio === 'string' && body.audio !== '' ? audioFromDataUrl(lang, body.audio) : null
    return { body, audio }
  }
  let form: Record<string, string | File>
  try {
    form = await c.req.parseBody()
  } catch {
    throw HttpError.say(400, M.badMultipart, lang)
  }
  const body: Record<string, unknown> = {}
  let audio: AudioUpload | null = null
  for (const [key, value] of Object.entries(form)) {
    if (key === 'audio') {
      if (typeof value !== 'string') audio = { bytes: new Uint8Array(await value.arrayBuffer()), type: value.type }
      else if (value !== '') audio = audioFromDataUrl(lang, value)
      continue
    }
    if (typeof value !== 'string') continue
    if (key === 'marks') {
      try {
        body.marks = value.trim() === '' ? [] : JSON.parse(value)
      } catch {
        throw HttpError.say(400, M.badMarks, lang, 'marks')
      }
    } else if (key === 'scoring_profile' || key === 'scored_types' || key === 'comprehension') {
      // {"id":…,"version":…}, [{"code":…,"counts_as_error":…}] and [2, 1] as JSON text; anything else is left for the schema to refuse.
      try {
        body[key] = value.trim() === '' ? undefined : JSON.parse(value)
      } catch {
        body[key] = value
      }
    } else if (NUMBER_FIELDS.includes(key)) body[key] = /^\d+$/.test(value.trim()) ? Number(value) : value
    else if (key === 'duration') body[key] = /^\d+$/.test(value.trim()) ? Number(value) : value
    else body[key] = value
  }
  return { body, audio }
}

export const sittingRoutes = new Hono<AppEnv>({ strict: false })
  .use('/sitting', requireAuth)
  .post('/sitting', allow('sitting', 'write'), async (c) => {
    const s = await scope(c)
    // A sitting carrying audio (a large body) is heavy work: one user sends at most a few at once (ADR 0113).
    const leave = carriesAudio(c) ? c.get('limits').audioSittings.enter(String(s.user.id)) : () => {}
    if (!leave) {
      closeAfterRefusal(c) // its body is left unread, as after a 413
      throw HttpError.tooMany(LIMIT_MESSAGES.audioSittings, s.lang, AUDIO_RETRY_SECONDS, 'busy')
    }
    try {
      const { body, audio } = await readBody(c)
      const input = validate(SittingSchema, body, s.lang)
      return c.json({ payload: await recordSitting(s, input, audio) }, 201)
    } finally {
      leave()
    }
  })
  .use('/school/:schoolId/class/:classId/sitting/*', requireAuth, allow('sitting', 'read'))
  .get('/school/:schoolId/class/:classId/sitting/:sittingId', async (c) => {
    const schoolId = idParam(c, 'schoolId')
    await assertSchoolAccess(c, schoolId)
    const s = await scope(c)
    const sitting = await readSitting(s, idParam(c, 'sittingId'), { schoolId, classId: idParam(c, 'classId') })
    if (!sitting) throw HttpError.of(404, 'notFound', s.lang)
    return c.json({ payload: sitting })
  })
  .post('/school/:schoolId/class/:classId/sitting/:sittingId/removal', allow('sitting-removal', 'write'), async (c) => {
    const schoolId = idParam(c, 'schoolId')
    await assertSchoolAccess(c, schoolId)
    const s = await scope(c)
    const { reason } = validate(SittingRemovalSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await removeSitting(s, idParam(c, 'sittingId'), { schoolId, classId: idParam(c, 'classId') }, reason) }, 201)
  })
  .post('/school/:schoolId/class/:classId/sitting/:sittingId/correction', allow('sitting-correction', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = validate(SittingCorrectionSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await changeSitting(s, id, where, { kind: 'corrected', ...input }) }, 201)
  })
  .post('/school/:schoolId/class/:classId/sitting/:sittingId/rescore', allow('sitting-correction', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = validate(SittingRescoreSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await changeSitting(s, id, where, { kind: 'rescored', ...input }) }, 201)
  })
  .post('/school/:schoolId/class/:classId/sitting/:sittingId/void', allow('sitting-correction', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = validate(SittingVoidSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await changeSitting(s, id, where, { kind: 'voided', ...input }) }, 201)
  })
  // Who may void may restore: a void made on the wrong reading is undone by the same people.
  .post('/school/:schoolId/class/:classId/sitting/:sittingId/restore', allow('sitting-correction', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = validate(SittingRestoreSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await changeSitting(s, id, where, { kind: 'restored', ...input }) }, 201)
  })
  .get('/school/:schoolId/class/:classId/sitting/:sittingId/blind', allow('second-scoring', 'read'), async (c) => {
    const { s, id, where } = await changeScope(c)
    return c.json({ payload: await blindSitting(s, id, where) })
  })
  .post('/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring', allow('second-scoring', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = validate(SecondScoringSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await saveSecondScoring(s, id, where, input.marks) }, 201)
  })
  .get('/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring/comparison', allow('second-scoring', 'read'), async (c) => {
    const { s, id, where } = await changeScope(c)
    return c.json({ payload: await compareScorings(s, id, where) })
  })
  .get('/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring/scorers', allow('second-scoring', 'read'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const results = await secondScorerChoices(s, id, where)
    return c.json({ payload: { results, count: results.length } })
  })
  .post('/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring/request', allow('second-scoring', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = validate(SecondScoringRequestSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await askSecondScoring(s, id, where, input.scorer) }, 201)
  })
  .post('/school/:schoolId/class/:classId/sitting/:sittingId/second-scoring/settle', allow('second-scoring', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = validate(SettleScoringsSchema, await jsonBody(c), s.lang)
    return c.json({ payload: await settleScorings(s, id, where, input) }, 201)
  })
  .get('/school/:schoolId/class/:classId/sitting/:sittingId/audio', async (c) => {
    const schoolId = idParam(c, 'schoolId')
    await assertSchoolAccess(c, schoolId)
    const s = await scope(c)
    const row = await sittingAudio(s, idParam(c, 'sittingId'), schoolId, idParam(c, 'classId'))
    if (!row) throw HttpError.of(404, 'notFound', s.lang)
    const bytes = row.file ? await readStoredFile(s.env, 'sittings', row.file) : null
    if (!bytes) throw HttpError.say(404, M.noAudio, s.lang)
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': row.type ?? 'application/octet-stream', 'Cache-Control': 'private, max-age=3600' })
  })
  // The spec's `/miscue-report/` spelling stays an alias: API clients may hold it (ADR 0127).
  .on('GET', ['/miscue_report/school/:schoolId/sitting/:sittingId', '/miscue-report/school/:schoolId/sitting/:sittingId'], requireAuth, allow('report', 'read'), async (c) => {
    const schoolId = idParam(c, 'schoolId')
    await assertSchoolAccess(c, schoolId)
    const s = await scope(c)
    const sitting = await readSitting(s, idParam(c, 'sittingId'), { schoolId })
    if (!sitting) throw HttpError.of(404, 'notFound', s.lang)
    return c.json({ payload: { miscues: sitting.miscues } })
  })
  .use('/student/:id/sitting', requireAuth, allow('report', 'read'))
  .get('/student/:id/sitting', async (c) => {
    const s = await scope(c)
    const student = await visibleStudent(s, idParam(c, 'id'))
    const results = await studentSittings(s, student.id)
    return c.json({ payload: { results, count: results.length } })
  })
  .use('/student/:id/accuracy', requireAuth, allow('report', 'read'))
  .get('/student/:id/accuracy', async (c) => {
    const s = await scope(c)
    return c.json({ payload: await studentAccuracy(s, idParam(c, 'id')) })
  })
