// Benchmarks (issue 26, ADR 0124): the institution's settings and own tables (read by everyone, set by institution
// administrators), and the class and school views (report readers, for the schools they reach).
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../context'
import { benchmarkSettingsOf } from '../../domain/benchmark-settings'
import { schoolOfClass } from '../../domain/ownership'
import { allow, requireAuth } from '../../middleware/auth'
import { assertSchoolAccess } from '../../middleware/school-access'
import { HttpError } from '../../lib/http-error'
import { uploadedSpreadsheet } from '../../lib/uploaded-spreadsheet'
import { idParam } from '../../lib/validate'
import { institutionScope } from '../../lib/request-scope'
import type { InstitutionScope } from '../../domain/scope'
import { benchmarkReport, type BenchmarkScope } from '../../reports/benchmark-report'
import { SEASON_CODES, seasonOf, type SeasonCode } from '../../../shared/benchmarks/seasons'
import { BenchmarkSettingsSchema, BenchmarkTableSchema } from '../../../shared/schemas/benchmark'
import { BENCHMARK_MESSAGES as M } from './benchmarks.messages'
import { createTable, createTableFromSheet, institutionYearName, saveSettings } from './benchmarks.service'
import { bodyOf, describe } from '../../lib/route-doc'
import { routes } from '../../../shared/routes'

/** The year of the path (the institution's), and the season asked (?season=) or the one today falls in. */
async function yearAndSeason(c: Context<AppEnv>, s: InstitutionScope, starts: Parameters<typeof seasonOf>[2]) {
  const yearId = idParam(c, 'yearId')
  const yearName = await institutionYearName(s, yearId)
  if (yearName === null) throw HttpError.of(404, 'notFound', s.lang)
  const asked = c.req.query('season')
  if (asked !== undefined && !(SEASON_CODES as readonly string[]).includes(asked)) throw HttpError.say(400, M.badSeason, s.lang, 'season', 'invalid_choice')
  const season: SeasonCode = (asked as SeasonCode | undefined) ?? seasonOf(new Date(), yearName, starts) ?? 'boy'
  return { yearId, yearName, season }
}

async function answerReport(c: Context<AppEnv>, where: { classId: number } | { schoolId: number }) {
  const s = institutionScope(c)
  const settings = await benchmarkSettingsOf(s.db, s.institution.id)
  const { yearId, yearName, season } = await yearAndSeason(c, s, settings.seasons)
  const target: BenchmarkScope = { institutionId: s.institution.id, yearId, yearName, ...where }
  const report = await benchmarkReport(s.db, target, season, settings)
  if (!report) throw HttpError.say(400, M.yearWithoutCalendar, s.lang, 'yearId', 'invalid_choice')
  return c.json({ payload: report })
}

/** What both benchmark views answer, for their summaries in the API document. */
const BENCHMARK_VIEW = 'answers the students on the roster with their newest sitting in the season (?season=boy|moy|eoy, else the one today falls in): counts per risk level (well_below, below, at, above, no_benchmark, not_assessed), per percentile and per band, the median words correct per minute with its change since the beginning of the year, the tables used (with source and year), and the students who need attention first'

export const benchmarkRoutes = new Hono<AppEnv>({ strict: false })
  .use(routes.benchmarkSettings, requireAuth)
  .use(`${routes.benchmarkSettings}/*`, requireAuth)
  .get(routes.benchmarkSettings, describe({ summary: "Benchmark settings: season starts (MM-DD), digits (latn/arab), the table per passage language, expected text levels per grade and season, and the tables available (published, with source and year, and the institution's own)", tag: 'report', operationId: 'benchmarkSettings' }), allow('benchmark', 'read'), async (c) => {
    const s = institutionScope(c)
    return c.json({ payload: await benchmarkSettingsOf(s.db, s.institution.id) })
  })
  .put(routes.benchmarkSettings, describe({ summary: 'Sets the benchmark settings (institution administrators); send updated_at', tag: 'report', body: BenchmarkSettingsSchema, operationId: 'saveBenchmarkSettings' }), allow('benchmark', 'write'), async (c) => {
    const s = institutionScope(c)
    return c.json({ payload: await saveSettings(s, await bodyOf(c)) })
  })
  .post(routes.benchmarkTable, describe({ summary: 'An own benchmark or norm table: per grade and season, cut points (lowest score of below, at, above) for words correct per minute and accuracy, and percentiles', tag: 'report', body: BenchmarkTableSchema, operationId: 'createBenchmarkTable' }), allow('benchmark', 'write'), async (c) => {
    const s = institutionScope(c)
    return c.json({ payload: await createTable(s, await bodyOf(c)) }, 201)
  })
  .post(routes.benchmarkTableUpload, describe({ summary: "An own table from a spreadsheet (multipart, field file; form fields name, source, year, language): columns grade, season, wcpm_below, wcpm_at, wcpm_above, accuracy_below, accuracy_at, accuracy_above, p10, p25 …; checked as every upload (type, size, safe to unpack), refused as a whole with each row's problem", tag: 'report', operationId: 'uploadBenchmarkTable' }), allow('benchmark', 'write'), async (c) => {
    const s = institutionScope(c)
    const file = await uploadedSpreadsheet(c, 'file')
    return c.json({ payload: await createTableFromSheet(s, file.bytes, file.fields) }, 201)
  })
  .use('/benchmark-report/*', requireAuth, allow('report', 'read'))
  .get(routes.classBenchmark, describe({ summary: `Benchmark view of a class: ${BENCHMARK_VIEW}`, tag: 'report', operationId: 'classBenchmarkReport' }), async (c) => {
    const s = institutionScope(c)
    const classId = idParam(c, 'classId')
    const schoolId = await schoolOfClass(s.db, s.institution.id, classId)
    if (schoolId === null) throw HttpError.of(404, 'notFound', s.lang)
    await assertSchoolAccess(c, schoolId)
    return answerReport(c, { classId })
  })
  .get(routes.schoolBenchmark, describe({ summary: `Benchmark view of a school: ${BENCHMARK_VIEW}`, tag: 'report', operationId: 'schoolBenchmarkReport' }), async (c) => {
    const schoolId = idParam(c, 'schoolId')
    await assertSchoolAccess(c, schoolId)
    return answerReport(c, { schoolId })
  })
