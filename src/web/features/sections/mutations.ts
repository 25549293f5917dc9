// Section writes, all through the outbox: each carries a client id sent as its Idempotency-Key.
import { api } from '../../../shared/api'
import type { Section, SectionInput } from '../../../shared/schemas/section'
import type { PendingRow } from '../../components/list/list-types'
import { usePendingRows } from '../../components/list/use-pending-rows'
import { useOutbox } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { sectionKeys } from './queries'

const ENTITY = 'section'

export function useSaveSection(schoolId: number) {
  const outbox = useOutbox()
  return (values: SectionInput, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.sections(schoolId) : api.section(schoolId, id),
      body: values,
      invalidates: sectionKeys.all(schoolId),
      scope: { schoolId },
      recordId: id,
      label: values.display_name,
    })
}

export function useDeleteSection(schoolId: number) {
  const outbox = useOutbox()
  return (section: Section): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: 'delete',
      method: 'DELETE',
      path: api.section(schoolId, section.id),
      invalidates: sectionKeys.all(schoolId),
      scope: { schoolId },
      recordId: section.id,
      label: section.display_name,
    })
}

/** Section writes of this school still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingSections(schoolId: number): PendingRow<Section>[] {
  return usePendingRows<Section>(ENTITY, { schoolId })
}

