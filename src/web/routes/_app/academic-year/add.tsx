import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { AcademicYearForm } from '../../../features/academic-years/components/academic-year-form'

export const Route = createFileRoute('/_app/academic-year/add')({ component: AddAcademicYearPage })

function AddAcademicYearPage() {
  const navigate = useNavigate()
  const back = () => void navigate({ to: '/academic-year' })
  return <AcademicYearForm onDone={back} onCancel={back} />
}
