import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../../components/form/form-load-state'
import { MiscueTypeForm } from '../../../../features/scoring/components/miscue-type-form'
import { ScoringNotice } from '../../../../features/scoring/components/scoring-notice'
import { miscueTypesQuery } from '../../../../features/scoring/queries'
import { idParams, requireScoringWrite } from '../-scoring-route'

export const Route = createFileRoute('/_app/scoring/miscue-type/$id/edit')({
  params: idParams,
  beforeLoad: requireScoringWrite,
  component: EditTypePage,
})

function EditTypePage() {
  const { id } = Route.useParams()
  const navigate = useNavigate()
  // The type comes from the taxonomy list (kept on the device), so the form opens offline.
  const types = useQuery(miscueTypesQuery())
  const back = () => void navigate({ to: '/scoring' })
  if (!types.data) return <FormLoadState error={types.error} onRetry={() => void types.refetch()} onBack={back} />
  const type = types.data.results.find((t) => t.id === id)
  if (!type) return <ScoringNotice onBack={back}><Trans>This miscue type is not in your institution's list.</Trans></ScoringNotice>
  return <MiscueTypeForm key={type.id} type={type} types={types.data.results} onDone={back} onCancel={back} />
}
