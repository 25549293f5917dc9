// Class writes, all through the outbox: each carries a client id sent as its Idempotency-Key.
import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../../../shared/api'
import type { ClassInput, SchoolClass } from '../../../shared/schemas/class'
import type { PendingRow } from '../../components/list/list-types'
import type { OutboxItem } from '../../lib/db/db'
import { useOutbox, useOutboxItems } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { classKeys } from './queries'

export const CLASS_ENTITY = 'class'

/** What the class form sends: ClassSchema's output (ids as numbers, section null when none). */
export type ClassBody = {
  identifier: string
  class_name: string
  grade: number
  section: number | null
  subjects: number[]
  teachers: number[]
  academic_year: number
  updated_at?: string
}

export function useSaveClass(schoolId: number) {
  const outbox = useOutbox()
  return (values: ClassBody, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: CLASS_ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.classes(schoolId) : api.class(schoolId, id),
      body: values satisfies ClassInput,
      invalidates: classKeys.all(schoolId),
      scope: { schoolId, yearId: values.academic_year },
      recordId: id,
      label: values.class_name,
    })
}

export function useDeleteClass(schoolId: number) {
  const outbox = useOutbox()
  return (cls: SchoolClass): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: CLASS_ENTITY,
      operation: 'delete',
      method: 'DELETE',
      path: api.class(schoolId, cls.id),
      invalidates: classKeys.all(schoolId),
      scope: { schoolId },
      recordId: cls.id,
      label: cls.display_name,
    })
}

/** Class writes of this school still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingClasses(schoolId: number): PendingRow<SchoolClass>[] {
  const items = useOutboxItems()
  return useMemo(
    () =>
      items
        .filter((item) => item.entity === CLASS_ENTITY && item.scope.schoolId === schoolId)
        .map((item) => {
          const body = (item.body ?? {}) as Partial<ClassBody>
          // The list shows display_name; the body calls it class_name.
          const values: Partial<SchoolClass> = { identifier: body.identifier, display_name: body.class_name }
          return { key: item.id, kind: item.operation, rowId: item.recordId, values, rejected: item.status === 'rejected' }
        }),
    [items, schoolId],
  )
}

/** A rejected class edit refused because the class changed on the server meanwhile (HTTP 409, no field errors). */
export function isClassConflict(item: OutboxItem): boolean {
  return item.entity === CLASS_ENTITY && item.operation === 'update' && item.status === 'rejected'
    && item.rejection?.status === 409 && Object.keys(item.rejection.fieldErrors).length === 0
}

/** Rejected class edits of this school that conflict with the server's version. */
export function useClassConflicts(schoolId: number): OutboxItem[] {
  const items = useOutboxItems()
  return useMemo(() => items.filter((item) => isClassConflict(item) && item.scope.schoolId === schoolId), [items, schoolId])
}

/**
 * The two ways out of a conflict. keepMine sends the user's values again on top of the version the
 * server has now; takeTheirs drops the user's change (the user chose it) and refreshes the class.
 * Both resolve with the item as it stands afterwards (undefined once accepted or dropped).
 */
export function useResolveClassConflict(schoolId: number) {
  const outbox = useOutbox()
  const queryClient = useQueryClient()
  const find = (id: string) => outbox.items().find((i) => i.id === id)
  return {
    keepMine: async (item: OutboxItem, currentUpdatedAt: string): Promise<OutboxItem | undefined> => {
      await outbox.retry(item.id, { ...(item.body as ClassBody), updated_at: currentUpdatedAt })
      return find(item.id)
    },
    takeTheirs: async (item: OutboxItem): Promise<void> => {
      await outbox.discard(item.id)
      await queryClient.invalidateQueries({ queryKey: classKeys.all(schoolId) })
    },
  }
}

