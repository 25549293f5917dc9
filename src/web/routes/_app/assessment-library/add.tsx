import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { LibraryForm } from '../../../features/assessment-libraries/components/library-form'

export const Route = createFileRoute('/_app/assessment-library/add')({ component: AddLibraryPage })

function AddLibraryPage() {
  const navigate = useNavigate()
  const back = () => void navigate({ to: '/assessment-library' })
  return <LibraryForm onDone={back} onCancel={back} />
}
