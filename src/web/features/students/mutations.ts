// Student writes (add, edit, delete, migrate) through the outbox kit (lib/sync/entity-writes). A student
// may be saved in a class created offline and not yet synced: its class is then the class create's outbox
// reference (`{ $ref }`), which the outbox replaces with the class's id once the class is accepted.
import { api } from '../../../shared/api'
import type { Student, StudentInput } from '../../../shared/schemas/student'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import type { OutboxRef } from '../../lib/sync/references'
import { studentKeys } from './queries'

/** The entity name the classes feature writes under: its pending creates are offered as classes here. */
export const CLASS_ENTITY = 'class'

/** What the student form sends: StudentSchema's output; the class may be a class still in the outbox. */
export type StudentBody = Omit<StudentInput, 'class_relation' | 'updated_at'> & {
  first_name: string
  last_name: string
  gender: '' | 'm' | 'f'
  class_relation: number | OutboxRef
  updated_at?: string
}

export type MigrationBody = { src_class: number; des_class: number; src_year: number; des_year: number; students: number[] }

type StudentScope = { schoolId: number; yearId: number }

export const studentWrites = defineEntityWrites<Student, StudentBody, StudentScope>({
  entity: 'student',
  paths: {
    create: ({ schoolId, yearId }) => api.students(schoolId, yearId),
    record: ({ schoolId, yearId }, id) => api.student(schoolId, yearId, id),
  },
  keys: ({ schoolId }) => studentKeys.all(schoolId),
  scope: ({ schoolId, yearId }) => ({ schoolId, yearId }),
  label: (body) => `${body.first_name} ${body.last_name}`,
  rowLabel: (row) => row.name,
})

/** Moves students between classes and years (POST /api/student/migrate/); the screen waits for its per-student result. */
export const migrationWrites = defineEntityWrites<never, MigrationBody, { schoolId: number }>({
  entity: 'student-migration',
  paths: { create: () => api.migrateStudentsForm, record: () => api.migrateStudentsForm },
  keys: ({ schoolId }) => studentKeys.all(schoolId),
  scope: ({ schoolId }) => ({ schoolId }),
  label: (body) => String(body.students.length),
})
