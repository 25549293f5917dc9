// Academic-year writes through the outbox kit (lib/sync/entity-writes). A year saved or deleted also
// changes the shell's year selector (spec §4: "academic-year save also refreshes the year selector"),
// refreshed once the server accepts the write.
import { api } from '../../../shared/api'
import type { AcademicYear, AcademicYearInput } from '../../../shared/schemas/academic-year'
import type { OutboxItem } from '../../lib/db/db'
import { refreshReference } from '../../lib/query/refresh-reference'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { academicYearKeys } from './queries'

export const academicYearWrites = defineEntityWrites<AcademicYear, AcademicYearInput>({
  entity: 'academic-year',
  paths: { create: () => api.academicYears, record: (_, id) => api.academicYear(id) },
  keys: () => academicYearKeys.all,
  scope: () => ({}),
  label: (year) => year.display_name,
  afterAccepted: (queryClient) => refreshReference(queryClient, 'years'),
  pendingValues,
})

/** New rows in the list are shown as plain text: leave out the flag, which would read "true". */
function pendingValues(item: OutboxItem): Partial<AcademicYear> {
  const values = (item.body ?? {}) as Partial<AcademicYear>
  if (item.operation !== 'create') return values
  const { is_active: _flag, ...rest } = values
  return rest
}
