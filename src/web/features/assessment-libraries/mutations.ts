// Library and entry writes, all through the outbox: each carries a client id sent as its Idempotency-Key.
// Entry writes are POST /assessmentlibraryentry/ (with the library) and PUT/DELETE /assessmentlibraryentry/{id}/
// (ADR 0021).
import { api } from '../../../shared/api'
import type {
  AssessmentLibrary, AssessmentLibraryEntry, AssessmentLibraryEntryInput, AssessmentLibraryInput,
} from '../../../shared/schemas/assessment-library'
import type { PendingRow } from '../../components/list/list-types'
import { usePendingRows } from '../../components/list/use-pending-rows'
import { useOutbox } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { libraryKeys } from './queries'

const LIBRARY = 'assessment-library'
const ENTRY = 'assessment-library-entry'

export type EntryValues = Omit<AssessmentLibraryEntryInput, 'assessment_library'>

export function useSaveLibrary() {
  const outbox = useOutbox()
  return (values: AssessmentLibraryInput, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: LIBRARY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.assessmentLibraries : api.assessmentLibrary(id),
      body: values,
      invalidates: libraryKeys.all,
      scope: { area: 'assessment-library' },
      recordId: id,
      label: values.display_name,
    })
}

export function useDeleteLibrary() {
  const outbox = useOutbox()
  return (library: AssessmentLibrary): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: LIBRARY,
      operation: 'delete',
      method: 'DELETE',
      path: api.assessmentLibrary(library.id),
      invalidates: libraryKeys.all,
      scope: { area: 'assessment-library' },
      recordId: library.id,
      label: library.display_name,
    })
}

export function useSaveEntry(libraryId: number) {
  const outbox = useOutbox()
  return (values: EntryValues, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTRY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.assessmentLibraryEntries : api.assessmentLibraryEntry(id),
      body: id === undefined ? { ...values, assessment_library: libraryId } : values,
      invalidates: libraryKeys.all,
      scope: { libraryId },
      recordId: id,
      label: values.display_name,
    })
}

export function useDeleteEntry(libraryId: number) {
  const outbox = useOutbox()
  return (entry: AssessmentLibraryEntry): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTRY,
      operation: 'delete',
      method: 'DELETE',
      path: api.assessmentLibraryEntry(entry.id),
      invalidates: libraryKeys.all,
      scope: { libraryId },
      recordId: entry.id,
      label: entry.display_name,
    })
}

/** Library writes still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingLibraries(): PendingRow<AssessmentLibrary>[] {
  return usePendingRows<AssessmentLibrary>(LIBRARY)
}

/** Entry writes of one library still in the outbox. */
export function usePendingEntries(libraryId: number): PendingRow<AssessmentLibraryEntry>[] {
  return usePendingRows<AssessmentLibraryEntry>(ENTRY, { libraryId })
}

