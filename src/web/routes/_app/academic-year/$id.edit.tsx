import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { AcademicYearForm } from '../../../features/academic-years/components/academic-year-form'
import { academicYearDetailQuery } from '../../../features/academic-years/queries'

export const Route = createFileRoute('/_app/academic-year/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditAcademicYearPage,
})

function EditAcademicYearPage() {
  const { queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const year = useQuery(academicYearDetailQuery(queryClient, id))
  const back = () => void navigate({ to: '/academic-year' })
  if (!year.data) return <FormLoadState error={year.error} onRetry={() => void year.refetch()} onBack={back} />
  return <AcademicYearForm key={year.data.id} year={year.data} onDone={back} onCancel={back} />
}
