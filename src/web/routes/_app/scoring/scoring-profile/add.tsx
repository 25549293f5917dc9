import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../../components/form/form-load-state'
import { ProfileForm } from '../../../../features/scoring/components/profile-form'
import { scoringSettingsQuery } from '../../../../features/scoring/queries'
import { positiveId, requireScoringWrite } from '../-scoring-route'

/** ?from= names a profile whose rules the new one starts from (its "Copy" action). */
export const Route = createFileRoute('/_app/scoring/scoring-profile/add')({
  validateSearch: (search: Record<string, unknown>): { from?: number } => ({ from: positiveId(search.from) }),
  beforeLoad: requireScoringWrite,
  component: AddProfilePage,
})

function AddProfilePage() {
  const { from } = Route.useSearch()
  const navigate = useNavigate()
  const settings = useQuery({ ...scoringSettingsQuery(), enabled: from !== undefined })
  const back = () => void navigate({ to: '/scoring' })
  if (from === undefined) return <ProfileForm onDone={back} onCancel={back} />
  if (!settings.data) return <FormLoadState error={settings.error} onRetry={() => void settings.refetch()} onBack={back} />
  return <ProfileForm from={settings.data.profiles.find((p) => p.id === from)} onDone={back} onCancel={back} />
}
