import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { SchoolForm } from '../../../features/schools/components/school-form'
import { countriesQuery, schoolDetailQuery } from '../../../features/schools/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/school/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context }) => preload(context.queryClient, countriesQuery()),
  component: EditSchoolPage,
})

function EditSchoolPage() {
  const { queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const school = useQuery(schoolDetailQuery(queryClient, id))
  const back = () => void navigate({ to: '/school' })
  if (!school.data) return <FormLoadState error={school.error} onRetry={() => void school.refetch()} onBack={back} />
  return <SchoolForm key={school.data.id} school={school.data} onDone={back} onCancel={back} />
}
