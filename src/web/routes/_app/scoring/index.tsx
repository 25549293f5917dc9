import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { can } from '../../../../shared/permissions'
import { ScoringPage } from '../../../features/scoring/components/scoring-page'
import { miscueTypesQuery, scoringSettingsQuery } from '../../../features/scoring/queries'
import { preload } from '../../../lib/query/load-cached'

export const Route = createFileRoute('/_app/scoring/')({
  loader: ({ context }) => {
    preload(context.queryClient, miscueTypesQuery())
    preload(context.queryClient, scoringSettingsQuery())
  },
  component: ScoringRoute,
})

function ScoringRoute() {
  const { profile } = Route.useRouteContext()
  const navigate = useNavigate()
  return (
    <ScoringPage
      canWrite={can(profile.profile.role, 'scoring', 'write')}
      institutionId={profile.profile.institution?.id ?? 0}
      onAddType={() => void navigate({ to: '/scoring/miscue-type/add' })}
      onEditType={(type) => void navigate({ to: '/scoring/miscue-type/$id/edit', params: { id: type.id } })}
      onAddProfile={() => void navigate({ to: '/scoring/scoring-profile/add' })}
      onEditProfile={(profile) => void navigate({ to: '/scoring/scoring-profile/$id/edit', params: { id: profile.id } })}
      onCopyProfile={(profile) => void navigate({ to: '/scoring/scoring-profile/add', search: { from: profile.id } })}
    />
  )
}
