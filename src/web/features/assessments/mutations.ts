// Assessment writes, all through the outbox: each carries a client id sent as its Idempotency-Key. A new PDF
// travels inside the JSON body as a data URL (the outbox stores JSON bodies; the server accepts both, ADR 0022).
import { useMemo } from 'react'
import { api } from '../../../shared/api'
import type { Assessment, AssessmentInput } from '../../../shared/schemas/assessment'
import type { PendingRow } from '../../components/list/list-types'
import { useOutbox, useOutboxItems } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { assessmentKeys } from './queries'

const ENTITY = 'assessment'
const CLIENTS = 'assessment-clients'

export function useSaveAssessment() {
  const outbox = useOutbox()
  return (values: AssessmentInput, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.assessments : api.assessment(id),
      body: values,
      invalidates: assessmentKeys.all,
      scope: { area: 'assessment' },
      recordId: id,
      label: values.title,
    })
}

/** Replaces the set of institutions that have the assessment. */
export function useSaveAssessmentClients() {
  const outbox = useOutbox()
  return (assessment: Pick<Assessment, 'id' | 'title'>, clients: number[]): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: CLIENTS,
      operation: 'update',
      method: 'PUT',
      path: api.assessmentClients(assessment.id),
      body: { clients },
      invalidates: assessmentKeys.clients(assessment.id),
      scope: { area: 'assessment' },
      recordId: assessment.id,
      label: assessment.title,
    })
}

/** Assessment writes still in the outbox, for the "Pending sync" rows of the list (the PDF is left out). */
export function usePendingAssessments(): PendingRow<Assessment>[] {
  const items = useOutboxItems()
  return useMemo(
    () =>
      items
        .filter((item) => item.entity === ENTITY)
        .map((item) => {
          const { pdf: _pdf, ...values } = (item.body ?? {}) as Partial<AssessmentInput>
          return {
            key: item.id,
            kind: item.operation,
            rowId: item.recordId,
            values: values as Partial<Assessment>,
            rejected: item.status === 'rejected',
          }
        }),
    [items],
  )
}

/** True while an assignment change of this assessment waits in the outbox. */
export function useClientsPending(id: number): boolean {
  const items = useOutboxItems()
  return items.some((item) => item.entity === CLIENTS && item.recordId === id)
}

