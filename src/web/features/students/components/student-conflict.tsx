// A student edit refused because someone else changed the student meanwhile (409 `conflict`) is compared
// field by field in the shared conflict view (components/form/conflict-dialog); these are its fields, and
// the banner of refused student changes on the student list and on the student's edit page.
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Student } from '../../../../shared/schemas/student'
import { RejectedWritesBanner } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { isRef } from '../../../lib/sync/references'
import { studentWrites } from '../mutations'
import type { StudentBody } from '../mutations'
import { classOptionsQuery } from '../queries'
import { genderLabel } from './gender'

export function useStudentConflictFields(schoolId: number): ConflictField<StudentBody, Student>[] {
  const { t, i18n } = useLingui()
  const classes = useQuery(classOptionsQuery(schoolId)).data ?? []
  const gender = (code: unknown) => genderLabel(i18n, String(code ?? ''))
  const className = (body: StudentBody) =>
    isRef(body.class_relation) ? '' : classes.find((c) => c.id === body.class_relation)?.name ?? `#${String(body.class_relation)}`
  return [
    { key: 'first_name', label: t`First name` },
    { key: 'last_name', label: t`Last name` },
    { key: 'arabic_name', label: t`Arabic name`, dir: 'rtl' },
    { key: 'enrollment_code', label: t`Enrollment code`, dir: 'ltr' },
    { key: 'gender', label: t`Gender`, format: gender },
    { key: 'class', label: t`Class`, mine: className, theirs: (current) => current.class_name },
    { key: 'user_field_1', label: t`User field 1` },
    { key: 'user_field_2', label: t`User field 2` },
    { key: 'user_field_3', label: t`User field 3` },
    { key: 'user_field_4', label: t`User field 4` },
  ]
}

/**
 * Student changes the server refused, each with a way out: conflicts open the side-by-side view; other
 * refusals show the server's messages and can be discarded. `recordId` narrows it to one student (edit page).
 */
export function RejectedStudentsBanner({ schoolId, yearId, recordId }: { schoolId: number; yearId: number; recordId?: number }) {
  const fields = useStudentConflictFields(schoolId)
  return <RejectedWritesBanner writes={studentWrites} ctx={{ schoolId, yearId }} fields={fields} recordId={recordId} />
}
