import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { FormLoadState } from '../../../../components/form/form-load-state'
import { Button } from '../../../../components/ui/button'
import { ProfileForm } from '../../../../features/scoring/components/profile-form'
import { ScoringNotice } from '../../../../features/scoring/components/scoring-notice'
import { scoringSettingsQuery } from '../../../../features/scoring/queries'
import { idParams, requireScoringWrite } from '../-scoring-route'

export const Route = createFileRoute('/_app/scoring/scoring-profile/$id/edit')({
  params: idParams,
  beforeLoad: requireScoringWrite,
  component: EditProfilePage,
})

function EditProfilePage() {
  const { id } = Route.useParams()
  const navigate = useNavigate()
  // The profile comes from the profile list (kept on the device), so the form opens offline.
  const settings = useQuery(scoringSettingsQuery())
  const back = () => void navigate({ to: '/scoring' })
  if (!settings.data) return <FormLoadState error={settings.error} onRetry={() => void settings.refetch()} onBack={back} />
  const profile = settings.data.profiles.find((p) => p.id === id)
  if (!profile) return <ScoringNotice onBack={back}><Trans>This scoring profile is not available to your institution.</Trans></ScoringNotice>
  if (profile.built_in) {
    return (
      <ScoringNotice onBack={back} action={
        <Button onClick={() => void navigate({ to: '/scoring/scoring-profile/add', search: { from: profile.id } })}><Trans>Copy as a new profile</Trans></Button>
      }>
        <Trans>Built-in scoring profiles cannot be changed. Copy it to make a profile of your own with the rules you want.</Trans>
      </ScoringNotice>
    )
  }
  return <ProfileForm key={profile.id} profile={profile} onDone={back} onCancel={back} />
}
