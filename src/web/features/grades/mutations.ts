// Grade writes through the outbox kit (lib/sync/entity-writes): save, delete, pending rows and conflicts.
import { api } from '../../../shared/api'
import type { Grade, GradeInput } from '../../../shared/schemas/grade'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { gradeKeys } from './queries'

export const gradeWrites = defineEntityWrites<Grade, GradeInput, { schoolId: number }>({
  entity: 'grade',
  paths: { create: ({ schoolId }) => api.grades(schoolId), record: ({ schoolId }, id) => api.grade(schoolId, id) },
  keys: ({ schoolId }) => gradeKeys.all(schoolId),
  scope: ({ schoolId }) => ({ schoolId }),
  label: (grade) => grade.display_name,
})
