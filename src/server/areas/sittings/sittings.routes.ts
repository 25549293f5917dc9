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
import { AUDIO_MAX_BYTES, readSitting, recordSitting, sittingAudio, studentSittings } from './sittings.service'
import { readSittingRequest } from './sitting-request'
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
      const { body, audio } = await readSittingRequest(c)
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
