import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { NoSchool } from '../../../components/ui/no-school'
import { ClassForm } from '../../../features/classes/components/class-form'
import { NoYear } from '../../../components/ui/no-year'

export const Route = createFileRoute('/_app/class/add')({ component: AddClassPage })

function AddClassPage() {
  const { schoolId, yearId } = Route.useRouteContext()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  const back = () => void navigate({ to: '/class' })
  return <ClassForm schoolId={schoolId} yearId={yearId} onDone={back} onCancel={back} />
}
