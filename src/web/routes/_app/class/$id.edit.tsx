import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { NoSchool } from '../../../components/ui/no-school'
import { ClassForm } from '../../../features/classes/components/class-form'
import { classDetailQuery } from '../../../features/classes/queries'
import { NoYear } from '../../../components/ui/no-year'

export const Route = createFileRoute('/_app/class/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditClassPage,
})

function EditClassPage() {
  const { schoolId, yearId, queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const schoolClass = useQuery({
    ...classDetailQuery(queryClient, schoolId ?? 0, yearId ?? 0, id),
    enabled: schoolId !== null && yearId !== null,
  })
  if (schoolId === null) return <NoSchool />
  if (yearId === null) return <NoYear />
  const back = () => void navigate({ to: '/class' })
  if (!schoolClass.data) return <FormLoadState error={schoolClass.error} onRetry={() => void schoolClass.refetch()} onBack={back} />
  return <ClassForm key={schoolClass.data.id} schoolId={schoolId} yearId={yearId} schoolClass={schoolClass.data} onDone={back} onCancel={back} />
}
