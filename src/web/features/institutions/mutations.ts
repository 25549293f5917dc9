// Institution, institution-admin and licence writes, all through the outbox: each carries a client id
// sent as its Idempotency-Key, so a replay never creates a second institution or licence.
import { useMemo } from 'react'
import { api } from '../../../shared/api'
import type {
  InstitutionAdminInput, InstitutionCreateInput, InstitutionListRow, InstitutionUpdateInput,
} from '../../../shared/schemas/institution'
import type { Licence, LicenceInput } from '../../../shared/schemas/licence'
import type { PendingRow } from '../../components/list/list-types'
import { usePendingRows } from '../../components/list/use-pending-rows'
import { useOutbox, useOutboxItems } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { institutionKeys } from './queries'

const INSTITUTION = 'institution'
const INSTITUTION_ADMIN = 'institution-admin'
const LICENCE = 'licence'

/** POST /api/client/ creates the institution and its first administrator in one call (ADR 0008). */
export function useCreateInstitution() {
  const outbox = useOutbox()
  return (values: InstitutionCreateInput): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: INSTITUTION,
      operation: 'create',
      method: 'POST',
      path: api.institutions,
      body: values,
      invalidates: institutionKeys.all,
      scope: {},
      label: values.organization_name,
    })
}

export function useUpdateInstitution() {
  const outbox = useOutbox()
  return (id: number, values: InstitutionUpdateInput): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: INSTITUTION,
      operation: 'update',
      method: 'PUT',
      path: api.institution(id),
      body: values,
      invalidates: institutionKeys.all,
      scope: {},
      recordId: id,
      label: values.organization_name,
    })
}

/** Saves the institution's administrator: PUT with the admin's id, else POST a new one for the institution. */
export function useSaveInstitutionAdmin() {
  const outbox = useOutbox()
  return (institutionId: number, values: InstitutionAdminInput, adminId?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: INSTITUTION_ADMIN,
      operation: adminId === undefined ? 'create' : 'update',
      method: adminId === undefined ? 'POST' : 'PUT',
      path: adminId === undefined ? api.institutionAdmin : api.institutionAdminById(adminId),
      body: adminId === undefined ? { client: institutionId, ...values } : values,
      invalidates: institutionKeys.detail(institutionId),
      scope: { institutionId },
      recordId: adminId,
      label: `${values.first_name} ${values.last_name}`,
    })
}

/** Institution writes still in the outbox, for the "Pending sync" rows of the list. */
export function usePendingInstitutions(): PendingRow<InstitutionListRow>[] {
  const items = useOutboxItems()
  return useMemo(
    () =>
      items
        .filter((item) => item.entity === INSTITUTION)
        .map((item) => ({
          key: item.id,
          kind: item.operation,
          rowId: item.recordId,
          values: pick(item.body),
          rejected: item.status === 'rejected',
        })),
    [items],
  )
}

/** Only the list's own columns: an update body carries the whole form. */
function pick(body: unknown): Partial<InstitutionListRow> {
  const b = (body ?? {}) as Partial<Record<keyof InstitutionListRow, unknown>>
  const row: Partial<InstitutionListRow> = {}
  if (typeof b.organization_name === 'string') row.organization_name = b.organization_name
  if (typeof b.subdomain_name === 'string') row.subdomain_name = b.subdomain_name
  if (typeof b.acronym === 'string') row.acronym = b.acronym
  return row
}

export function useSaveLicence(institutionId: number) {
  const outbox = useOutbox()
  return (values: LicenceInput, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: LICENCE,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.licences(institutionId) : api.licence(institutionId, id),
      body: values,
      // The institution list shows the licence status, so the whole area is refreshed.
      invalidates: institutionKeys.all,
      scope: { institutionId },
      recordId: id,
      label: `${values.from_date} – ${values.to_date}`,
    })
}

/** Licence writes of this institution still in the outbox. */
export function usePendingLicences(institutionId: number): PendingRow<Licence>[] {
  return usePendingRows<Licence>(LICENCE, { institutionId })
}

