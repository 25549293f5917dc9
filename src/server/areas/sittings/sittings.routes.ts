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
import { idParam, validate } from '../../lib/validate'
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
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

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

/** Miscue shares of one sitting of a school the user may reach. */
async function sittingMiscues(c: Context<AppEnv>) {
  const schoolId = idParam(c, 'schoolId')
  await assertSchoolAccess(c, schoolId)
  const s = await scope(c)
  const sitting = await readSitting(s, idParam(c, 'sittingId'), { schoolId })
  if (!sitting) throw HttpError.of(404, 'notFound', s.lang)
  return c.json({ payload: { miscues: sitting.miscues } })
}

export const sittingRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.sittings, requireAuth)
  .post(routes.sittings, describe({ summary: 'Record a sitting (idempotent with Idempotency-Key). JSON (audio as a data URL) or multipart with the `audio` file and `marks` as JSON text. Figures are computed on the server and stored', tag: 'sitting', body: SittingSchema, operationId: 'recordSitting', bodyLimit: sittingUploadLimit }), allow('sitting', 'write'), async (c) => {
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
      return c.json({ payload: await recordSitting(s, c.get('deps').env, input, audio) }, 201)
    } finally {
      leave()
    }
  })
  .use('/school/:schoolId/class/:classId/sitting/*', requireAuth, allow('sitting', 'read'))
  .get(routes.sitting, describe({ summary: 'Sitting report: details, figures, content HTML with the miscues marked, audio_url', tag: 'sitting', operationId: 'readSitting' }), async (c) => {
    const schoolId = idParam(c, 'schoolId')
    await assertSchoolAccess(c, schoolId)
    const s = await scope(c)
    const sitting = await readSitting(s, idParam(c, 'sittingId'), { schoolId, classId: idParam(c, 'classId') })
    if (!sitting) throw HttpError.of(404, 'notFound', s.lang)
    return c.json({ payload: sitting })
  })
  .post(routes.sittingRemoval, describe({ summary: 'Removes a sitting, its marks and its audio file, keeping who, when and why (ADR 0112); school staff only, a reason of 5 to 1000 characters required', tag: 'sitting', body: SittingRemovalSchema, operationId: 'removeSitting' }), allow('sitting-removal', 'write'), async (c) => {
    const schoolId = idParam(c, 'schoolId')
    await assertSchoolAccess(c, schoolId)
    const s = await scope(c)
    const { reason } = await bodyOf(c)
    return c.json({ payload: await removeSitting(s, c.get('deps').env, idParam(c, 'sittingId'), { schoolId, classId: idParam(c, 'classId') }, reason) }, 201)
  })
  .post(routes.sittingCorrection, describe({ summary: "Corrects a sitting's marks (the whole list as it should be) on the version read, scored with the profile it has; the old version stays in its trail with who, when and why (ADR 0123). 409 when the sitting changed since (code conflict, the current sitting in `current`) or is void. School staff, and the teacher who recorded it", tag: 'sitting', body: SittingCorrectionSchema, operationId: 'correctSitting' }), allow('sitting-correction', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await changeSitting(s, id, where, { kind: 'corrected', ...input }) }, 201)
  })
  .post(routes.sittingRescore, describe({ summary: 'Rescores a sitting with another scoring profile version, its marks unchanged, kept in its trail (ADR 0123); same version check and roles as the correction', tag: 'sitting', body: SittingRescoreSchema, operationId: 'rescoreSitting' }), allow('sitting-correction', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await changeSitting(s, id, where, { kind: 'rescored', ...input }) }, 201)
  })
  .post(routes.sittingVoid, describe({ summary: 'Voids a sitting with a reason: it stays as evidence, shows as void in the student history and leaves every report (ADR 0123); same version check and roles as the correction', tag: 'sitting', body: SittingVoidSchema, operationId: 'voidSitting' }), allow('sitting-correction', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await changeSitting(s, id, where, { kind: 'voided', ...input }) }, 201)
  })
  // Who may void may restore: a void made on the wrong reading is undone by the same people.
  .post(routes.sittingRestore, describe({ summary: 'Restores a void sitting with a reason: the next version is no longer void and the sitting counts in every report again, kept in its trail (ADR 0123). 409 when it is not void (code not_voided) or changed since (code conflict); same roles as the void', tag: 'sitting', body: SittingRestoreSchema, operationId: 'restoreSitting' }), allow('sitting-correction', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await changeSitting(s, id, where, { kind: 'restored', ...input }) }, 201)
  })
  .get(routes.sittingBlind, describe({ summary: "What a second scorer works from (ADR 0128): the passage's words, the duration and the audio address, and the caller's own second scoring if saved; never the first marks or figures. School staff, and teachers other than the one who recorded it; a passage that is not void", tag: 'sitting', operationId: 'readBlindSitting' }), allow('second-scoring', 'read'), async (c) => {
    const { s, id, where } = await changeScope(c)
    return c.json({ payload: await blindSitting(s, id, where) })
  })
  .post(routes.secondScoring, describe({ summary: "Saves the caller's second scoring of a sitting (the whole list of marks; saving again replaces it), scored under the sitting's profile and kept beside the sitting's own marks (ADR 0128). Same roles as the blind view", tag: 'sitting', body: SecondScoringSchema, operationId: 'saveSecondScoring' }), allow('second-scoring', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await saveSecondScoring(s, id, where, input.marks) }, 201)
  })
  .get(routes.scoringComparison, describe({ summary: "The sitting's current marks and figures beside each second scoring: word-by-word agreement, percent agreement, Cohen's kappa and the disagreements, and the figures' difference (second minus first; ADR 0128). School staff, the teacher who recorded it, and a teacher who scored it a second time", tag: 'sitting', operationId: 'compareScorings' }), allow('second-scoring', 'read'), async (c) => {
    const { s, id, where } = await changeScope(c)
    return c.json({ payload: await compareScorings(s, id, where) })
  })
  .get(routes.secondScorers, describe({ summary: "Who may be asked to score a sitting blind (ADR 0128): the institution's administrators, and the school's administrators and teachers other than the one who recorded it, each with the request already made to them ({results, count}). School staff, and the teacher who recorded it", tag: 'sitting', operationId: 'listSecondScorers' }), allow('second-scoring', 'read'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const results = await secondScorerChoices(s, id, where)
    return c.json({ payload: { results, count: results.length } })
  })
  .post(routes.secondScoringRequest, describe({ summary: 'Asks one person (`scorer`, a user id from the scorers list) to score a synced sitting blind; it shows in their waiting list until they save their second scoring. Asking the same person again answers the request already made. School staff, and the teacher who recorded it; 400 naming `scorer` for anyone else', tag: 'sitting', body: SecondScoringRequestSchema, operationId: 'askSecondScoring' }), allow('second-scoring', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await askSecondScoring(s, id, where, input.scorer) }, 201)
  })
  .post(routes.settleScorings, describe({ summary: "Settles one second scoring: for each disagreement (word index) the first or the second scorer's mark is final (a disagreement not named keeps the first). Makes a corrected version of the sitting, scored with its profile and kept in its trail with who, when, before and after; reports follow it. `version` is the one the comparison showed: 409 (code conflict) when the sitting changed since, 409 (code settled) when this second scoring was settled already. School staff, and the teacher who recorded it", tag: 'sitting', body: SettleScoringsSchema, operationId: 'settleScorings' }), allow('second-scoring', 'write'), async (c) => {
    const { s, id, where } = await changeScope(c)
    const input = await bodyOf(c)
    return c.json({ payload: await settleScorings(s, id, where, input) }, 201)
  })
  .get(routes.sittingAudio, describe({ summary: 'The audio recording of a sitting', tag: 'sitting', operationId: 'readSittingAudio' }), async (c) => {
    const schoolId = idParam(c, 'schoolId')
    await assertSchoolAccess(c, schoolId)
    const s = await scope(c)
    const row = await sittingAudio(s, idParam(c, 'sittingId'), schoolId, idParam(c, 'classId'))
    if (!row) throw HttpError.of(404, 'notFound', s.lang)
    const bytes = row.file ? await readStoredFile(c.get('deps').env, 'sittings', row.file) : null
    if (!bytes) throw HttpError.say(404, M.noAudio, s.lang)
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': row.type ?? 'application/octet-stream', 'Cache-Control': 'private, max-age=3600' })
  })
  .get(routes.sittingMiscues, describe({ summary: 'Miscue shares of one sitting (payload.miscues)', tag: 'report', operationId: 'sittingMiscueReport' }), requireAuth, allow('report', 'read'), sittingMiscues)
  // The spec's `/miscue-report/` spelling stays an alias: API clients may hold it (ADR 0127).
  .get(routes.sittingMiscuesHyphenated, describe({ summary: 'The same as /api/miscue_report/school/{schoolId}/sitting/{sittingId}/, under the spelling of the specification, kept for clients that hold it', tag: 'report', operationId: 'sittingMiscueReportAlias' }), requireAuth, allow('report', 'read'), sittingMiscues)
  .use(routes.studentSittings, requireAuth, allow('report', 'read'))
  .get(routes.studentSittings, describe({ summary: "A student's sittings, newest first", tag: 'report', operationId: 'studentSittings' }), async (c) => {
    const s = await scope(c)
    const student = await visibleStudent(s, idParam(c, 'id'))
    const results = await studentSittings(s, student.id)
    return c.json({ payload: { results, count: results.length } })
  })
  .use(routes.studentAccuracy, requireAuth, allow('report', 'read'))
  .get(routes.studentAccuracy, describe({ summary: 'Student accuracy: basic info, class history and sittings', tag: 'report', operationId: 'studentAccuracy' }), async (c) => {
    const s = await scope(c)
    return c.json({ payload: await studentAccuracy(s, idParam(c, 'id')) })
  })
