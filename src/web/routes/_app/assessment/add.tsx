import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../components/form/form-load-state'
import { AssessmentForm } from '../../../features/assessments/components/assessment-form'
import { assessmentDependenciesQuery } from '../../../features/assessments/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/assessment/add')({
  loader: ({ context }) => preload(context.queryClient, assessmentDependenciesQuery()),
  component: AddAssessmentPage,
})

function AddAssessmentPage() {
  const navigate = useNavigate()
  const deps = useQuery(assessmentDependenciesQuery())
  const back = () => void navigate({ to: '/assessment' })
  if (!deps.data) return <FormLoadState error={deps.error} onRetry={() => void deps.refetch()} onBack={back} />
  return <AssessmentForm deps={deps.data} onDone={back} onCancel={back} />
}
