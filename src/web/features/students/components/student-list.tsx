import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api } from '../../../../shared/api'
import type { Student } from '../../../../shared/schemas/student'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { downloadFile } from '../../../lib/api/download'
import { describeError } from '../../../lib/api/error-messages'
import { showToast } from '../../../lib/notify/toasts'
import { useOnline } from '../../../lib/sync/use-online'
import type { OutboxItem } from '../../../lib/db/db'
import { studentWrites } from '../mutations'
import type { StudentBody } from '../mutations'
import { useClassChoices } from './class-choices'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { studentListQuery, studentWorkflowQuery, toListQuery } from '../queries'
import { genderLabel } from './gender'
import { RejectedStudentsBanner } from './student-conflict'

type Props = {
  schoolId: number
  yearId: number
  /** Whether the user's role may change students (the server refuses otherwise). */
  canWrite: boolean
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (student: Student) => void
}

export function StudentList({ schoolId, yearId, canWrite, query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const list = useQuery(studentListQuery(schoolId, yearId, toListQuery(query)))
  const workflow = useQuery(studentWorkflowQuery(schoolId))
  const classChoices = useClassChoices(schoolId, yearId)
  const classes = classChoices.query.data
  const gender = useCallback((code: string) => genderLabel(i18n, code), [i18n])
  const { nameOf } = classChoices
  // Added rows are shown from the body alone, so the display columns (name, class, gender) are filled in here.
  const pendingValues = useCallback((item: OutboxItem): Partial<Student> => {
    if (item.operation === 'delete') return {}
    const body = (item.body ?? {}) as Partial<StudentBody>
    return {
      ...body,
      name: `${body.first_name ?? ''} ${body.last_name ?? ''}`.trim(),
      class_relation: typeof body.class_relation === 'number' ? [body.class_relation] : [],
      class_name: nameOf(body.class_relation),
      // Shown as text in added rows; the list renders edited rows from the code itself.
      ...(item.operation === 'create' ? { gender: gender(body.gender ?? '') as Student['gender'] } : {}),
    } as Partial<Student>
  }, [nameOf, gender])
  const pending = studentWrites.usePendingRows({ schoolId, yearId }, pendingValues)
  const deleteStudent = studentWrites.useDelete({ schoolId, yearId })
  const outcome = useWriteOutcome()

  const columns: ListColumn<Student>[] = [
    { key: 'name', header: t`Name`, searchable: true, render: (row) => `${row.first_name} ${row.last_name}` },
    { key: 'arabic_name', header: t`Arabic name`, sortable: true, searchable: true, render: (row) => <span dir="rtl">{row.arabic_name}</span> },
    { key: 'enrollment_code', header: t`Enrollment code`, sortable: true, searchable: true, render: (row) => <span dir="ltr">{row.enrollment_code}</span> },
    { key: 'gender', header: t`Gender`, sortable: true, render: (row) => gender(row.gender) },
    {
      key: 'class_name', header: t`Class`, sortable: true, searchable: true,
      // An edit waiting to sync carries the class id only.
      render: (row) => classes?.find((c) => c.id === row.class_relation[0])?.name ?? row.class_name,
    },
  ]

  const onDelete = async (student: Student) => {
    const result = await deleteStudent(student)
    const name = student.name
    await outcome.deleted(result, { name, accepted: t`Student “${name}” was deleted.` })
  }

  const onDownload = async () => {
    if (!online) {
      showToast('info', t`Downloads need a connection. Try again when you are online.`)
      return
    }
    try {
      await downloadFile({ path: api.studentsDownload(schoolId, yearId) })
    } catch (error) {
      showToast('error', describeError(i18n, error).join(' '))
    }
  }

  return (
    <>
      <RejectedStudentsBanner schoolId={schoolId} yearId={yearId} />
      <ListTable
        title={t`Students`}
        columns={columns}
        rows={list.data?.results}
        count={list.data?.count ?? 0}
        status={list.data ? 'success' : list.status}
        errorMessage={list.error ? describeError(i18n, list.error).join(' ') : undefined}
        isOffline={!online}
        query={query}
        onQueryChange={onQueryChange}
        onRetry={() => void list.refetch()}
        onAdd={onAdd}
        onDownload={() => void onDownload()}
        onEdit={canWrite ? onEdit : undefined}
        onDelete={canWrite ? onDelete : undefined}
        canDelete={(student) => student.is_deletable !== false}
        describeRow={(student) => `${student.first_name} ${student.last_name}`}
        addDisabledMessage={workflow.data?.message ?? null}
        pendingRows={pending}
      />
    </>
  )
}

