// School writes through the outbox kit (lib/sync/entity-writes). Creating, renaming or deleting a school
// also changes the shell's school selector, so it is refreshed once the server accepts such a write.
import { api } from '../../../shared/api'
import type { School, SchoolInput } from '../../../shared/schemas/school'
import { refreshReference } from '../../lib/query/refresh-reference'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { schoolKeys } from './queries'

export const schoolWrites = defineEntityWrites<School, SchoolInput>({
  entity: 'school',
  paths: { create: () => api.schools, record: (_, id) => api.school(id) },
  keys: () => schoolKeys.all,
  scope: () => ({}),
  label: (school) => school.display_name,
  afterAccepted: (queryClient) => refreshReference(queryClient, 'schools'),
})
