import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { NoSchool } from '../../../components/ui/no-school'
import { GradeForm } from '../../../features/school-catalog/components/grade-form'
import { gradeCatalog } from '../../../features/school-catalog/catalogs'

export const Route = createFileRoute('/_app/grade/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: EditGradePage,
})

function EditGradePage() {
  const { schoolId, queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const grade = useQuery({ ...gradeCatalog.detailQuery(queryClient, schoolId ?? 0, id), enabled: schoolId !== null })
  if (schoolId === null) return <NoSchool />
  const back = () => void navigate({ to: '/grade' })
  if (!grade.data) return <FormLoadState error={grade.error} onRetry={() => void grade.refetch()} onBack={back} />
  return <GradeForm key={grade.data.id} schoolId={schoolId} grade={grade.data} onDone={back} onCancel={back} />
}
