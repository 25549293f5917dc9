import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { AssessmentClients } from '../../../features/assessments/components/assessment-clients'
import { AssessmentForm } from '../../../features/assessments/components/assessment-form'
import { assessmentDependenciesQuery, assessmentDetailQuery } from '../../../features/assessments/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/assessment/$id/edit')({
  params: {
    parse: ({ id }) => {
      const n = Number(id)
      if (!Number.isInteger(n) || n <= 0) throw notFound()
      return { id: n }
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ context }) => preload(context.queryClient, assessmentDependenciesQuery()),
  component: EditAssessmentPage,
})

function EditAssessmentPage() {
  const { queryClient } = Route.useRouteContext()
  const { id } = Route.useParams()
  const navigate = useNavigate()
  const assessment = useQuery(assessmentDetailQuery(queryClient, id))
  const deps = useQuery(assessmentDependenciesQuery())
  const back = () => void navigate({ to: '/assessment' })
  if (!assessment.data || !deps.data) {
    return <FormLoadState error={assessment.error ?? deps.error} onRetry={() => { void assessment.refetch(); void deps.refetch() }} onBack={back} />
  }
  return (
    <>
      <AssessmentForm key={`${assessment.data.id}-${assessment.data.updated_at}`} deps={deps.data} assessment={assessment.data} onDone={back} onCancel={back} />
      <AssessmentClients assessment={assessment.data} />
    </>
  )
}
