// Template writes, all through the outbox: each carries a client id sent as its Idempotency-Key. The entries
// travel with the template (the `entries` array replaces them, ADR 0021), so one write saves both.
import { api } from '../../../shared/api'
import type { ReportTemplate, ReportTemplateInput } from '../../../shared/schemas/report-template'
import type { PendingRow } from '../../components/list/list-types'
import { usePendingRows } from '../../components/list/use-pending-rows'
import { useOutbox } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { templateKeys } from './queries'

const ENTITY = 'report-template'

export function useSaveTemplate() {
  const outbox = useOutbox()
  return (values: ReportTemplateInput, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.reportTemplates : api.reportTemplate(id),
      body: values,
      invalidates: templateKeys.all,
      scope: { area: 'report-template' },
      recordId: id,
      label: values.name,
    })
}

export function useDeleteTemplate() {
  const outbox = useOutbox()
  return (template: ReportTemplate): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: ENTITY,
      operation: 'delete',
      method: 'DELETE',
      path: api.reportTemplate(template.id),
      invalidates: templateKeys.all,
      scope: { area: 'report-template' },
      recordId: template.id,
      label: template.name,
    })
}

/** Template writes still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingTemplates(): PendingRow<ReportTemplate>[] {
  return usePendingRows<ReportTemplate>(ENTITY)
}

