import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { NoSchool } from '../../../components/ui/no-school'
import { GradeForm } from '../../../features/school-catalog/components/grade-form'

export const Route = createFileRoute('/_app/grade/add')({ component: AddGradePage })

function AddGradePage() {
  const { schoolId } = Route.useRouteContext()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  const back = () => void navigate({ to: '/grade' })
  return <GradeForm schoolId={schoolId} onDone={back} onCancel={back} />
}
