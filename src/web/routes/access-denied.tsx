import { createFileRoute } from '@tanstack/react-router'
import { LANDING_URL } from '../../shared/permissions'
import { profileQuery } from '../features/auth/queries'
import { AccessDenied } from '../features/status-pages/components/access-denied'

export const Route = createFileRoute('/access-denied')({
  component: AccessDeniedPage,
})

function AccessDeniedPage() {
  const { queryClient } = Route.useRouteContext()
  const landing = queryClient.getQueryData(profileQuery().queryKey)?.access.landing_url || LANDING_URL
  return <AccessDenied landingUrl={landing} />
}
