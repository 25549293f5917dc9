import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../../components/form/form-load-state'
import { MiscueTypeForm } from '../../../../features/scoring/components/miscue-type-form'
import { miscueTypesQuery } from '../../../../features/scoring/queries'
import { requireScoringWrite } from '../-scoring-route'

export const Route = createFileRoute('/_app/scoring/miscue-type/add')({
  beforeLoad: requireScoringWrite,
  component: AddTypePage,
})

function AddTypePage() {
  const navigate = useNavigate()
  const types = useQuery(miscueTypesQuery())
  const back = () => void navigate({ to: '/scoring' })
  if (!types.data) return <FormLoadState error={types.error} onRetry={() => void types.refetch()} onBack={back} />
  return <MiscueTypeForm types={types.data.results} onDone={back} onCancel={back} />
}
