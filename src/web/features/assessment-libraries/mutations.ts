// Library and entry writes through the outbox kit (lib/sync/entity-writes). Entry writes are
// POST /assessmentlibraryentry/ (with the library) and PUT/DELETE /assessmentlibraryentry/{id}/ (ADR 0021).
import { api } from '../../../shared/api'
import type {
  AssessmentLibrary, AssessmentLibraryEntry, AssessmentLibraryEntryInput, AssessmentLibraryInput,
} from '../../../shared/schemas/assessment-library'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { libraryKeys } from './queries'

export type EntryValues = Omit<AssessmentLibraryEntryInput, 'assessment_library'>

export const libraryWrites = defineEntityWrites<AssessmentLibrary, AssessmentLibraryInput>({
  entity: 'assessment-library',
  paths: { create: () => api.assessmentLibraries, record: (_, id) => api.assessmentLibrary(id) },
  keys: () => libraryKeys.all,
  scope: () => ({ area: 'assessment-library' }),
  label: (library) => library.display_name,
})

export const entryWrites = defineEntityWrites<AssessmentLibraryEntry, EntryValues, { libraryId: number }>({
  entity: 'assessment-library-entry',
  paths: { create: () => api.assessmentLibraryEntries, record: (_, id) => api.assessmentLibraryEntry(id) },
  keys: () => libraryKeys.all,
  scope: ({ libraryId }) => ({ libraryId }),
  label: (entry) => entry.display_name,
  createBody: (entry, { libraryId }) => ({ ...entry, assessment_library: libraryId }),
})
