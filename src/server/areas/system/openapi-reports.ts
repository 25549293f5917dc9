// OpenAPI operations of sittings and reports (ADR 0045-0047), spread into OPERATIONS in openapi.ts. The tally,
// bundle, parent and comparative URLs are not in the spec: each scope gets an operationId naming the report.
import type * as v from 'valibot'
import { SittingSchema } from '../../../shared/schemas/sitting'
import { SittingRemovalSchema } from '../../../shared/schemas/sitting-removal'
import { SittingCorrectionSchema, SittingRescoreSchema, SittingRestoreSchema, SittingVoidSchema } from '../../../shared/schemas/sitting-version'
import { SecondScoringRequestSchema, SecondScoringSchema, SettleScoringsSchema } from '../../../shared/schemas/second-scoring'
import { StudentGoalSchema } from '../../../shared/schemas/student-goal'

type Op = { method: string; path: string; summary: string; tag: string; body?: v.GenericSchema; list?: boolean; operationId?: string }

const SCOPES = [
  { path: 'class/{scopeId}', id: 'Class', text: 'one class ({scopeId} = class id)' },
  { path: 'school/{scopeId}', id: 'School', text: 'one school ({scopeId} = school id)' },
  { path: 'institution', id: 'Institution', text: 'the institution (the schools the user may reach)' },
]
const DATES = 'Dates are yyyy-mm-dd or "yyyy-mm-dd 0:0:0" (URL-encoded); a range includes both whole days (UTC).'

function reportOps(o: { key: string; name: string; prefix: string; tail: string; what: string }): Op[] {
  return SCOPES.flatMap((s) => [
    {
      method: 'get', path: `/api/report/${o.prefix}${s.path}/${o.tail}/`, tag: 'report', operationId: `${o.key}Report${s.id}`,
      summary: `${o.name} report for ${s.text}: ${o.what} The .xlsx file (Content-Disposition names it); ?format=json answers the same figures; ?lang=en|ar picks the file's language. ${DATES}`,
    },
    {
      method: 'get', path: `/api/report/${o.prefix}${s.path}/${o.tail}/email/`, tag: 'report', operationId: `${o.key}ReportEmail${s.id}`,
      summary: `${o.name} report for ${s.text}, by email: answers 202 "Email will be sent when report is complete" and mails the .xlsx to the requester from a background job.`,
    },
    {
      method: 'post', path: `/api/report/${o.prefix}${s.path}/${o.tail}/email/`, tag: 'report', operationId: `${o.key}ReportEmailPost${s.id}`,
      summary: `${o.name} report for ${s.text}, by email, as a write (no body): the web app sends it through its outbox, so with an Idempotency-Key a replay answers the first 202 and never mails twice. Same checks and answer as the GET.`,
    },
  ])
}

/** Data out (ADR 0125): raw sittings and marks per scope and range, paged JSON or one file; large files as a task. */
function exportOps(): Op[] {
  const PAGE = '?page=N (from 1) answers 500 rows: {count, page, page_size, next, results}, next null on the last page.'
  return [
    ...SCOPES.flatMap((s) => [
      { method: 'get', path: `/api/export/sittings/${s.path}/from/{from}/to/{to}/`, tag: 'export', operationId: `exportSittings${s.id}`, summary: `Raw sittings of ${s.text} read in the range, one row each by id: ids, dates, passage, profile version and every figure. ${PAGE} School staff only. ${DATES}` },
      { method: 'get', path: `/api/export/marks/${s.path}/from/{from}/to/{to}/`, tag: 'export', operationId: `exportMarks${s.id}`, summary: `Raw marks of the sittings of ${s.text} read in the range, one row each: sitting, word and letter, miscue, what it counted as, what the child said and the cue (MSV) codes. ${PAGE} School staff only. ${DATES}` },
      { method: 'get', path: `/api/export/file/${s.path}/from/{from}/to/{to}/`, tag: 'export', operationId: `exportFile${s.id}`, summary: `The same rows as one file: ?format=xlsx (a sheet of sittings and one of marks, the default) or csv with ?kind=sittings|marks. Over 2000 sittings it answers 202 {task_id}: the file is built by a background job. ${DATES}` },
    ]),
    { method: 'get', path: '/api/export/task/{taskId}/', tag: 'export', operationId: 'exportTaskStatus', summary: 'An export task of the caller: {state (PENDING, PROGRESS, SUCCESS, FAILURE), current, total, status}' },
    { method: 'get', path: '/api/export/task/{taskId}/file/', tag: 'export', operationId: 'exportTaskFile', summary: 'The file an export task built (409 until it succeeded); only its requester may fetch it' },
  ]
}

export const REPORT_OPERATIONS: Op[] = [
  { method: 'post', path: '/api/sitting/', summary: 'Record a sitting (idempotent with Idempotency-Key). JSON (audio as a data URL) or multipart with the `audio` file and `marks` as JSON text. Figures are computed on the server and stored', tag: 'sitting', body: SittingSchema, operationId: 'recordSitting' },
  { method: 'get', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/', summary: 'Sitting report: details, figures, content HTML with the miscues marked, audio_url', tag: 'sitting', operationId: 'readSitting' },
  { method: 'post', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/removal/', summary: 'Removes a sitting, its marks and its audio file, keeping who, when and why (ADR 0112); school staff only, a reason of 5 to 1000 characters required', tag: 'sitting', body: SittingRemovalSchema, operationId: 'removeSitting' },
  { method: 'post', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/correction/', summary: "Corrects a sitting's marks (the whole list as it should be) on the version read, scored with the profile it has; the old version stays in its trail with who, when and why (ADR 0123). 409 when the sitting changed since (code conflict, the current sitting in `current`) or is void. School staff, and the teacher who recorded it", tag: 'sitting', body: SittingCorrectionSchema, operationId: 'correctSitting' },
  { method: 'post', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/rescore/', summary: 'Rescores a sitting with another scoring profile version, its marks unchanged, kept in its trail (ADR 0123); same version check and roles as the correction', tag: 'sitting', body: SittingRescoreSchema, operationId: 'rescoreSitting' },
  { method: 'post', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/void/', summary: 'Voids a sitting with a reason: it stays as evidence, shows as void in the student history and leaves every report (ADR 0123); same version check and roles as the correction', tag: 'sitting', body: SittingVoidSchema, operationId: 'voidSitting' },
  { method: 'post', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/restore/', summary: 'Restores a void sitting with a reason: the next version is no longer void and the sitting counts in every report again, kept in its trail (ADR 0123). 409 when it is not void (code not_voided) or changed since (code conflict); same roles as the void', tag: 'sitting', body: SittingRestoreSchema, operationId: 'restoreSitting' },
  { method: 'get', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/blind/', summary: "What a second scorer works from (ADR 0128): the passage's words, the duration and the audio address, and the caller's own second scoring if saved; never the first marks or figures. School staff, and teachers other than the one who recorded it; a passage that is not void", tag: 'sitting', operationId: 'readBlindSitting' },
  { method: 'post', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/second-scoring/', summary: "Saves the caller's second scoring of a sitting (the whole list of marks; saving again replaces it), scored under the sitting's profile and kept beside the sitting's own marks (ADR 0128). Same roles as the blind view", tag: 'sitting', body: SecondScoringSchema, operationId: 'saveSecondScoring' },
  { method: 'get', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/second-scoring/comparison/', summary: "The sitting's current marks and figures beside each second scoring: word-by-word agreement, percent agreement, Cohen's kappa and the disagreements, and the figures' difference (second minus first; ADR 0128). School staff, the teacher who recorded it, and a teacher who scored it a second time", tag: 'sitting', operationId: 'compareScorings' },
  { method: 'get', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/second-scoring/scorers/', summary: 'Who may be asked to score a sitting blind (ADR 0128): the institution\'s administrators, and the school\'s administrators and teachers other than the one who recorded it, each with the request already made to them ({results, count}). School staff, and the teacher who recorded it', tag: 'sitting', operationId: 'listSecondScorers' },
  { method: 'post', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/second-scoring/request/', summary: 'Asks one person (`scorer`, a user id from the scorers list) to score a synced sitting blind; it shows in their waiting list until they save their second scoring. Asking the same person again answers the request already made. School staff, and the teacher who recorded it; 400 naming `scorer` for anyone else', tag: 'sitting', body: SecondScoringRequestSchema, operationId: 'askSecondScoring' },
  { method: 'post', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/second-scoring/settle/', summary: 'Settles one second scoring: for each disagreement (word index) the first or the second scorer\'s mark is final (a disagreement not named keeps the first). Makes a corrected version of the sitting, scored with its profile and kept in its trail with who, when, before and after; reports follow it. `version` is the one the comparison showed: 409 (code conflict) when the sitting changed since, 409 (code settled) when this second scoring was settled already. School staff, and the teacher who recorded it', tag: 'sitting', body: SettleScoringsSchema, operationId: 'settleScorings' },
  { method: 'get', path: '/api/second-scoring/waiting/', summary: 'The readings the signed-in user was asked to score blind and has not yet ({results, count}): sitting, school and class, student, passage, who asked and when; never the first marks or figures', tag: 'sitting', operationId: 'listWaitingScorings' },
  { method: 'get', path: '/api/second-scoring/summary/teacher/from/{from}/to/{to}/', summary: 'Agreement per teacher (who recorded the sittings) over sittings read in the range: sittings double-scored, second scorings, mean percent agreement, Cohen\'s kappa over all word codes pooled, and the miscue types most often disagreed on. School staff see the teachers of their schools, institution staff every teacher, a teacher only their own row. ' + DATES, tag: 'sitting', operationId: 'agreementSummaryByTeacher' },
  { method: 'get', path: '/api/second-scoring/summary/school/from/{from}/to/{to}/', summary: 'The same figures per school: school staff see their schools, institution staff every school; not teachers (403). ' + DATES, tag: 'sitting', operationId: 'agreementSummaryBySchool' },
  { method: 'get', path: '/api/school/{schoolId}/class/{classId}/sitting/{sittingId}/audio/', summary: 'The audio recording of a sitting', tag: 'sitting', operationId: 'readSittingAudio' },
  { method: 'get', path: '/api/miscue_report/school/{schoolId}/sitting/{sittingId}/', summary: 'Miscue shares of one sitting (payload.miscues)', tag: 'report', operationId: 'sittingMiscueReport' },
  { method: 'get', path: '/api/miscue-report/school/{schoolId}/sitting/{sittingId}/', summary: 'The same as /api/miscue_report/school/{schoolId}/sitting/{sittingId}/, under the spelling of the specification, kept for clients that hold it', tag: 'report', operationId: 'sittingMiscueReportAlias' },
  { method: 'get', path: '/api/student/{id}/sitting/', summary: "A student's sittings, newest first", tag: 'report', operationId: 'studentSittings' },
  { method: 'get', path: '/api/student/{id}/accuracy/', summary: 'Student accuracy: basic info, class history and sittings', tag: 'report', operationId: 'studentAccuracy' },
  { method: 'get', path: '/api/student/{id}/progress/', summary: "A student's progress: every reading oldest first across years (day, WCPM, accuracy, band, text level), the goal, the rate of improvement (words per week, least squares over the newest year's readings) and below_aimline (the last three readings from the aimline's start all under it)", tag: 'report', operationId: 'studentProgress' },
  { method: 'post', path: '/api/student/{id}/goal/', summary: "Set the student's goal and aimline (start day and WCPM, goal day and WCPM); a student has one goal, so this replaces any earlier one", tag: 'report', body: StudentGoalSchema, operationId: 'setStudentGoal' },
  { method: 'put', path: '/api/student/{id}/goal/{goalId}/', summary: "Change the student's goal (send updated_at to detect conflicting edits: 409 with the goal as it is now)", tag: 'report', body: StudentGoalSchema, operationId: 'updateStudentGoal' },
  { method: 'get', path: '/api/report_type/', summary: 'Report types: 1 common, 2 accurate, 6 tally, 100 + library id for report libraries (global or holding an assessment of the institution)', tag: 'report', operationId: 'listReportTypes' },
  { method: 'get', path: '/api/miscue_report/school/{schoolId}/class/{classId}/year/{yearId}/assessment/{assessmentId}/', summary: 'Common miscue report: miscue shares, total_students, total_tests (assessmentId 0 = every assessment)', tag: 'report', operationId: 'commonMiscueReport' },
  { method: 'get', path: '/api/miscue_accuracy/school/{schoolId}/class/{classId}/year/{yearId}/', summary: 'Miscue accuracy list: one row per sitting, newest first (?page=N, or ?page=all for an offline copy)', tag: 'report', operationId: 'miscueAccuracyList' },
  { method: 'get', path: '/api/class/{classId}/year/{yearId}/assessment/', summary: 'Assessments of a class in a year (assessment_id, assessment_title, sittings)', tag: 'report', operationId: 'classAssessments' },
  { method: 'get', path: '/api/admin_dashboard/', summary: 'Dashboard: new, active and inactive institutions (platform host) or schools (institution host), acquisition per quarter', tag: 'report', operationId: 'adminDashboard' },
  { method: 'get', path: '/api/admin_dashboard/statistics/', summary: 'Dashboard statistics: total_sittings, total_questions_answered, total_assessments, total_students', tag: 'report', operationId: 'adminDashboardStatistics' },
  ...exportOps(),
  ...reportOps({ key: 'tally', name: 'Tally', prefix: 'tally/', tail: 'from/{from}/to/{to}', what: 'per student, sittings and the count of each miscue type in the range.' }),
  ...reportOps({ key: 'bundle', name: 'Assessment bundle', prefix: 'bundle/{libraryId}/', tail: 'from/{from}/to/{to}', what: 'per student and library entry, sittings, latest and average accuracy and band ({libraryId} = report type - 100).' }),
  ...reportOps({ key: 'parent', name: 'Parent', prefix: 'parent/{libraryId}/', tail: 'from/{from}/to/{to}', what: 'the bundle report limited to entries with inParentReport, one sheet per student in plain words.' }),
  ...reportOps({ key: 'comparative', name: 'Comparative', prefix: 'comparative/{libraryId}/', tail: 'first/{firstFrom}/{firstTo}/second/{secondFrom}/{secondTo}', what: 'per student and entry, the average in range one and range two and the change.' }),
]
