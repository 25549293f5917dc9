// Class writes through the outbox kit (lib/sync/entity-writes). A class created offline can be chosen in
// the student form at once: a student saved in it refers to the class's outbox item (`{ $ref }`).
import { api } from '../../../shared/api'
import type { ClassInput, SchoolClass } from '../../../shared/schemas/class'
import type { OutboxItem } from '../../lib/db/db'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import type { WriteScope } from '../../lib/sync/entity-writes'
import { classKeys } from './queries'

/** What the class form sends: ClassSchema's output (ids as numbers, section null when none). */
export type ClassBody = Omit<ClassInput, 'updated_at'> & {
  identifier: string
  class_name: string
  grade: number
  section: number | null
  subjects: number[]
  teachers: number[]
  academic_year: number
}

export const classWrites = defineEntityWrites<SchoolClass, ClassBody, { schoolId: number }>({
  entity: 'class',
  paths: { create: ({ schoolId }) => api.classes(schoolId), record: ({ schoolId }, id) => api.class(schoolId, id) },
  keys: ({ schoolId }) => classKeys.all(schoolId),
  scope: ({ schoolId }, body): WriteScope => (body ? { schoolId, yearId: body.academic_year } : { schoolId }),
  label: (body) => body.class_name,
  rowLabel: (row) => row.display_name,
  pendingValues: listColumns,
})

/** The list shows display_name; the body calls it class_name. */
function listColumns(item: OutboxItem): Partial<SchoolClass> {
  const body = (item.body ?? {}) as Partial<ClassBody>
  return { identifier: body.identifier, display_name: body.class_name }
}
