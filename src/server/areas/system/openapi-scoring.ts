// OpenAPI operations of the capture kit, the miscue taxonomy and scoring profiles (ADR 0090, 0091), spread into
// OPERATIONS in openapi.ts.
import type * as v from 'valibot'
import { MiscueTypeCreateSchema, MiscueTypeUpdateSchema, ScoringProfileSchema, ScoringSelectionSchema } from '../../../shared/schemas/scoring'

type Op = { method: string; path: string; summary: string; tag: string; body?: v.GenericSchema; operationId?: string }

export const SCORING_OPERATIONS: Op[] = [
  { method: 'get', path: '/api/capture/school/{schoolId}/year/{yearId}/', summary: 'Capture kit for recording sittings offline: the classes the user may record for (teachers: the ones they teach that year) with their students, the text passages, the taxonomy and the scoring profiles', tag: 'sitting', operationId: 'captureKit' },
  { method: 'get', path: '/api/miscue-type/', summary: 'The miscue taxonomy: code, English and Arabic names, color_code, counts_as_error, language (ar/en/null), scoring_class, active, own', tag: 'sitting', operationId: 'listMiscueTypes' },
  { method: 'post', path: '/api/miscue-type/', summary: "A miscue type of the institution's own (institution administrators)", tag: 'sitting', body: MiscueTypeCreateSchema, operationId: 'createMiscueType' },
  { method: 'put', path: '/api/miscue-type/{code}/', summary: "The institution's version of a type: edits its own, or overrides (or switches off) a default for this institution only; send updated_at", tag: 'sitting', body: MiscueTypeUpdateSchema, operationId: 'updateMiscueType' },
  { method: 'get', path: '/api/scoring-profile/', summary: 'Scoring profiles (built in and the institution\'s own, each with its version and rules) and the one chosen per passage language (selected.ar, selected.en)', tag: 'sitting', operationId: 'listScoringProfiles' },
  { method: 'post', path: '/api/scoring-profile/', summary: 'A scoring profile of the institution\'s own (version 1)', tag: 'sitting', body: ScoringProfileSchema, operationId: 'createScoringProfile' },
  { method: 'put', path: '/api/scoring-profile/{id}/', summary: 'Edits an own profile; new rules make a new version (sittings keep the version they were scored with); built-in profiles answer 400', tag: 'sitting', body: ScoringProfileSchema, operationId: 'updateScoringProfile' },
  { method: 'put', path: '/api/scoring-profile/selection/', summary: 'The profile each passage language is scored with from now on', tag: 'sitting', body: ScoringSelectionSchema, operationId: 'selectScoringProfiles' },
]
