// OpenAPI operations of benchmarks (ADR 0124), spread into OPERATIONS in openapi.ts.
import type * as v from 'valibot'
import { BenchmarkSettingsSchema, BenchmarkTableSchema } from '../../../shared/schemas/benchmark'

type Op = { method: string; path: string; summary: string; tag: string; body?: v.GenericSchema; operationId?: string }

const view = 'answers the students on the roster with their newest sitting in the season (?season=boy|moy|eoy, else the one today falls in): counts per risk level (well_below, below, at, above, no_benchmark, not_assessed), per percentile and per band, the median words correct per minute with its change since the beginning of the year, the tables used (with source and year), and the students who need attention first'

export const BENCHMARK_OPERATIONS: Op[] = [
  { method: 'get', path: '/api/benchmark/', summary: 'Benchmark settings: season starts (MM-DD), digits (latn/arab), the table per passage language, expected text levels per grade and season, and the tables available (published, with source and year, and the institution\'s own)', tag: 'report', operationId: 'benchmarkSettings' },
  { method: 'put', path: '/api/benchmark/', summary: 'Sets the benchmark settings (institution administrators); send updated_at', tag: 'report', body: BenchmarkSettingsSchema, operationId: 'saveBenchmarkSettings' },
  { method: 'post', path: '/api/benchmark/table/', summary: 'An own benchmark or norm table: per grade and season, cut points (lowest score of below, at, above) for words correct per minute and accuracy, and percentiles', tag: 'report', body: BenchmarkTableSchema, operationId: 'createBenchmarkTable' },
  { method: 'post', path: '/api/benchmark/table/upload/', summary: 'An own table from a spreadsheet (multipart, field file; form fields name, source, year, language): columns grade, season, wcpm_below, wcpm_at, wcpm_above, accuracy_below, accuracy_at, accuracy_above, p10, p25 …; checked as every upload (type, size, safe to unpack), refused as a whole with each row\'s problem', tag: 'report', operationId: 'uploadBenchmarkTable' },
  { method: 'get', path: '/api/benchmark-report/class/{classId}/year/{yearId}/', summary: `Benchmark view of a class: ${view}`, tag: 'report', operationId: 'classBenchmarkReport' },
  { method: 'get', path: '/api/benchmark-report/school/{schoolId}/year/{yearId}/', summary: `Benchmark view of a school: ${view}`, tag: 'report', operationId: 'schoolBenchmarkReport' },
]
