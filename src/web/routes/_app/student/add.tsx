import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { NoSchool } from '../../../components/ui/no-school'
import { NoYear } from '../../../components/ui/no-year'
import { StudentForm } from '../../../features/students/components/student-form'

export const Route = createFileRoute('/_app/student/add')({ component: AddStudentPage })

function AddStudentPage() {
  const { schoolId, yearId } = Route.useRouteContext()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  const back = () => void navigate({ to: '/student' })
  return <StudentForm schoolId={schoolId} yearId={yearId} onDone={back} onCancel={back} />
}
