// Institution, institution-admin and licence writes through the outbox kit (lib/sync/entity-writes): each
// carries a client id sent as its Idempotency-Key, so a replay never creates a second institution or licence.
import { api } from '../../../shared/api'
import type { InstitutionAdminInput, InstitutionListRow, InstitutionUpdateInput } from '../../../shared/schemas/institution'
import type { Licence, LicenceInput } from '../../../shared/schemas/licence'
import type { OutboxItem } from '../../lib/db/db'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { institutionKeys } from './queries'

/**
 * POST /api/client/ creates the institution and its first administrator in one call (ADR 0008); PUT
 * updates the institution alone. Both bodies carry `organization_name`.
 */
export const institutionWrites = defineEntityWrites<InstitutionListRow, Pick<InstitutionUpdateInput, 'organization_name'>>({
  entity: 'institution',
  paths: { create: () => api.institutions, record: (_, id) => api.institution(id) },
  keys: () => institutionKeys.all,
  scope: () => ({}),
  label: (institution) => institution.organization_name,
  pendingValues: listColumns,
})

/** Only the list's own columns: an update body carries the whole form. */
function listColumns(item: OutboxItem): Partial<InstitutionListRow> {
  const b = (item.body ?? {}) as Partial<Record<keyof InstitutionListRow, unknown>>
  const row: Partial<InstitutionListRow> = {}
  if (typeof b.organization_name === 'string') row.organization_name = b.organization_name
  if (typeof b.subdomain_name === 'string') row.subdomain_name = b.subdomain_name
  if (typeof b.acronym === 'string') row.acronym = b.acronym
  return row
}

/** The institution's administrator: PUT with the admin's id, else POST a new one for the institution. */
export const institutionAdminWrites = defineEntityWrites<{ id: number }, InstitutionAdminInput, { institutionId: number }>({
  entity: 'institution-admin',
  paths: { create: () => api.institutionAdmin, record: (_, id) => api.institutionAdminById(id) },
  keys: ({ institutionId }) => institutionKeys.detail(institutionId),
  scope: ({ institutionId }) => ({ institutionId }),
  label: (admin) => `${admin.first_name} ${admin.last_name}`,
  createBody: (admin, { institutionId }) => ({ client: institutionId, ...admin }),
})

export const licenceWrites = defineEntityWrites<Licence, LicenceInput, { institutionId: number }>({
  entity: 'licence',
  paths: { create: ({ institutionId }) => api.licences(institutionId), record: ({ institutionId }, id) => api.licence(institutionId, id) },
  // The institution list shows the licence status, so the whole area is refreshed.
  keys: () => institutionKeys.all,
  scope: ({ institutionId }) => ({ institutionId }),
  label: (licence) => `${licence.from_date} – ${licence.to_date}`,
})
