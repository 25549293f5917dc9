// Student writes (add, edit, delete, migrate), all through the outbox: each carries a client id sent as
// its Idempotency-Key, so a replay never applies twice.
import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { api } from '../../../shared/api'
import type { Student, StudentInput } from '../../../shared/schemas/student'
import type { PendingRow } from '../../components/list/list-types'
import type { OutboxItem } from '../../lib/db/db'
import { useOutbox, useOutboxItems } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { studentKeys } from './queries'
import type { ClassOption } from './queries'

export const STUDENT_ENTITY = 'student'
export const MIGRATION_ENTITY = 'student-migration'

/** What the student form sends: StudentSchema's output, with the version it started from when editing. */
export type StudentBody = {
  first_name: string
  last_name: string
  arabic_name: string
  enrollment_code: string
  gender: '' | 'm' | 'f'
  user_field_1: string
  user_field_2: string
  user_field_3: string
  user_field_4: string
  class_relation: number
  updated_at?: string
}

export type MigrationBody = { src_class: number; des_class: number; src_year: number; des_year: number; students: number[] }

export function useSaveStudent(schoolId: number, yearId: number) {
  const outbox = useOutbox()
  return (values: StudentBody, id?: number): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: STUDENT_ENTITY,
      operation: id === undefined ? 'create' : 'update',
      method: id === undefined ? 'POST' : 'PUT',
      path: id === undefined ? api.students(schoolId, yearId) : api.student(schoolId, yearId, id),
      body: values satisfies StudentInput,
      invalidates: studentKeys.all(schoolId),
      scope: { schoolId, yearId },
      recordId: id,
      label: `${values.first_name} ${values.last_name}`,
    })
}

export function useDeleteStudent(schoolId: number, yearId: number) {
  const outbox = useOutbox()
  return (student: Student): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: STUDENT_ENTITY,
      operation: 'delete',
      method: 'DELETE',
      path: api.student(schoolId, yearId, student.id),
      invalidates: studentKeys.all(schoolId),
      scope: { schoolId, yearId },
      recordId: student.id,
      label: student.name,
    })
}

/**
 * Student writes of this school and year still in the outbox, for the "Pending sync" rows of the list.
 * Added rows are shown from the body alone, so the display columns (name, class, gender) are filled in here.
 */
export function usePendingStudents(
  schoolId: number, yearId: number, classes: readonly ClassOption[], genderLabel: (gender: string) => string,
): PendingRow<Student>[] {
  const items = useOutboxItems()
  return useMemo(
    () =>
      items
        .filter((item) => item.entity === STUDENT_ENTITY && item.scope.schoolId === schoolId && item.scope.yearId === yearId)
        .map((item) => {
          const body = (item.body ?? {}) as Partial<StudentBody>
          const values: Partial<Student> = item.operation === 'delete' ? {} : {
            ...body,
            name: `${body.first_name ?? ''} ${body.last_name ?? ''}`.trim(),
            class_relation: body.class_relation ? [body.class_relation] : [],
            class_name: classes.find((c) => c.id === body.class_relation)?.name ?? '',
            // Shown as text in added rows; the list renders edited rows from the code itself.
            ...(item.operation === 'create' ? { gender: genderLabel(body.gender ?? '') as Student['gender'] } : {}),
          }
          return { key: item.id, kind: item.operation, rowId: item.recordId, values, rejected: item.status === 'rejected' }
        }),
    [items, schoolId, yearId, classes, genderLabel],
  )
}

/** A rejected student edit refused because the student changed on the server meanwhile (HTTP 409, no field errors). */
export function isStudentConflict(item: OutboxItem): boolean {
  return item.entity === STUDENT_ENTITY && item.operation === 'update' && item.status === 'rejected'
    && item.rejection?.status === 409
    && (item.rejection.codes?._ === 'conflict' || Object.keys(item.rejection.fieldErrors).length === 0)
}

/** Rejected student writes of this school (conflicts and others), newest last. */
export function useRejectedStudents(schoolId: number): OutboxItem[] {
  const items = useOutboxItems()
  return useMemo(
    () => items.filter((item) => item.entity === STUDENT_ENTITY && item.status === 'rejected' && item.scope.schoolId === schoolId),
    [items, schoolId],
  )
}

/**
 * The two ways out of a conflict. keepMine sends the user's values again on top of the version the server
 * has now; takeTheirs drops the user's change (the user chose it) and refreshes the students. keepMine
 * resolves with the item as it stands afterwards (undefined once the server accepted it).
 */
export function useResolveStudentConflict(schoolId: number) {
  const outbox = useOutbox()
  const queryClient = useQueryClient()
  return {
    keepMine: async (item: OutboxItem, currentUpdatedAt: string): Promise<OutboxItem | undefined> => {
      await outbox.retry(item.id, { ...(item.body as StudentBody), updated_at: currentUpdatedAt })
      return outbox.items().find((i) => i.id === item.id)
    },
    takeTheirs: async (item: OutboxItem): Promise<void> => {
      await outbox.discard(item.id)
      await queryClient.invalidateQueries({ queryKey: studentKeys.all(schoolId) })
    },
  }
}


/** Moves students between classes and years (POST /api/student/migrate/), through the outbox. */
export function useMigrateStudents(schoolId: number) {
  const outbox = useOutbox()
  return (body: MigrationBody, label: string): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: MIGRATION_ENTITY,
      operation: 'create',
      method: 'POST',
      path: api.migrateStudentsForm,
      body,
      invalidates: studentKeys.all(schoolId),
      scope: { schoolId },
      label,
    })
}
