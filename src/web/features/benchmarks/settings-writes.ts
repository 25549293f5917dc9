// Benchmark settings are written online only (ADR 0124): a save or an uploaded table changes every class view at
// once, so the screen is read-only offline rather than queueing a change the administrator cannot see checked.
import { api } from '../../../shared/api'
import type { BenchmarkSettings, BenchmarkSettingsInput } from '../../../shared/schemas/benchmark'
import { apiRequest } from '../../lib/api/api-client'

export type ExpectedLevelsDraft = BenchmarkSettings['expected_levels']

/** What the settings form edits. */
export type SettingsDraft = Pick<BenchmarkSettings, 'seasons' | 'digits' | 'tables' | 'expected_levels'>

/** The expected levels as the API takes them: trimmed, with blank fields and grades left out. */
export function filledLevels(levels: ExpectedLevelsDraft): ExpectedLevelsDraft {
  const filled: ExpectedLevelsDraft = {}
  for (const [grade, seasons] of Object.entries(levels)) {
    const kept = Object.fromEntries(Object.entries(seasons).flatMap(([season, level]) => (level?.trim() ? [[season, level.trim()]] : [])))
    if (Object.keys(kept).length > 0) filled[grade] = kept
  }
  return filled
}

export function saveBenchmarkSettings(current: BenchmarkSettings, draft: SettingsDraft): Promise<BenchmarkSettings> {
  const body: BenchmarkSettingsInput = { ...draft, expected_levels: filledLevels(draft.expected_levels), updated_at: current.updated_at ?? undefined }
  return apiRequest<BenchmarkSettings>({ method: 'PUT', path: api.benchmarkSettings, json: body })
}

export type TableSheetFields = { name: string; source: string; year: string; language: 'en' | 'ar' }

/** The same multipart upload the API takes: the file under `file`, the table's description beside it. */
export function uploadBenchmarkTable(file: File, fields: TableSheetFields): Promise<{ id: number; code: string }> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('file', file)
  return apiRequest({ method: 'POST', path: api.benchmarkTableUpload, multipart: form })
}
