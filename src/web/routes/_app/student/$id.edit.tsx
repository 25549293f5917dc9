import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { NoSchool } from '../../../components/ui/no-school'
import { NoYear } from '../../../components/ui/no-year'
import { RejectedStudentsBanner } from '../../../features/students/components/student-conflict'
import { StudentForm } from '../../../features/students/components/student-form'
import { studentWrites } from '../../../features/students/mutations'
import { studentDetailQuery } from '../../../features/students/queries'

export const Route = createFileRoute('/_app/student/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditStudentPage,
})

function EditStudentPage() {
  const { schoolId, yearId, queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const student = useQuery({
    ...studentDetailQuery(queryClient, schoolId ?? 0, yearId ?? 0, id),
    enabled: schoolId !== null && yearId !== null,
  })
  const queued = studentWrites.useQueuedEdit(id)
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  const back = () => void navigate({ to: '/student' })
  if (!student.data || queued === undefined) return <FormLoadState error={student.error} onRetry={() => void student.refetch()} onBack={back} />
  return (
    <>
      <RejectedStudentsBanner schoolId={schoolId} yearId={yearId} recordId={id} />
      <StudentForm key={student.data.id} schoolId={schoolId} yearId={yearId} student={student.data} queued={queued} onDone={back} onCancel={back} />
    </>
  )
}
