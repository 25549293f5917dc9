import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { SchoolForm } from '../../../features/schools/components/school-form'
import { countriesQuery } from '../../../features/schools/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/school/add')({
  loader: ({ context }) => preload(context.queryClient, countriesQuery()),
  component: AddSchoolPage,
})

function AddSchoolPage() {
  const navigate = useNavigate()
  const back = () => void navigate({ to: '/school' })
  return <SchoolForm onDone={back} onCancel={back} />
}
