// Grade writes, all through the outbox: each carries a client id sent as its Idempotency-Key.
import { api } from '../../../shared/api'
import type { Grade, GradeInput } from '../../../shared/schemas/grade'
import type { PendingRow } from '../../components/list/list-types'
import { usePendingRows } from '../../components/list/use-pending-rows'
import { useOutbox } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { gradeKeys } from './queries'

const ENTITY = 'grade'

export function useSaveGrade(schoolId: number) {
  const outbox = useOutbox()
  return (values: GradeInput, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.grades(schoolId) : api.grade(schoolId, id),
      body: values,
      invalidates: gradeKeys.all(schoolId),
      scope: { schoolId },
      recordId: id,
      label: values.display_name,
    })
}

export function useDeleteGrade(schoolId: number) {
  const outbox = useOutbox()
  return (grade: Grade): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: 'delete',
      method: 'DELETE',
      path: api.grade(schoolId, grade.id),
      invalidates: gradeKeys.all(schoolId),
      scope: { schoolId },
      recordId: grade.id,
      label: grade.display_name,
    })
}

/** Grade writes of this school still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingGrades(schoolId: number): PendingRow<Grade>[] {
  return usePendingRows<Grade>(ENTITY, { schoolId })
}

