import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { NoSchool } from '../../../components/ui/no-school'
import { SectionForm } from '../../../features/school-catalog/components/section-form'

export const Route = createFileRoute('/_app/section/add')({ component: AddSectionPage })

function AddSectionPage() {
  const { schoolId } = Route.useRouteContext()
  const navigate = useNavigate()
  if (schoolId === null) return <NoSchool />
  const back = () => void navigate({ to: '/section' })
  return <SectionForm schoolId={schoolId} onDone={back} onCancel={back} />
}
