// Section writes through the outbox kit (lib/sync/entity-writes): save, delete, pending rows and conflicts.
import { api } from '../../../shared/api'
import type { Section, SectionInput } from '../../../shared/schemas/section'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { sectionKeys } from './queries'

export const sectionWrites = defineEntityWrites<Section, SectionInput, { schoolId: number }>({
  entity: 'section',
  paths: { create: ({ schoolId }) => api.sections(schoolId), record: ({ schoolId }, id) => api.section(schoolId, id) },
  keys: ({ schoolId }) => sectionKeys.all(schoolId),
  scope: ({ schoolId }) => ({ schoolId }),
  label: (section) => section.display_name,
})
