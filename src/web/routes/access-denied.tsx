import { createFileRoute } from '@tanstack/react-router'
import { profileQuery } from '../features/auth/queries'
import { landingHref } from '../features/shell/landing'
import { AccessDenied } from '../features/status-pages/components/access-denied'

export const Route = createFileRoute('/access-denied')({
  component: AccessDeniedPage,
})

function AccessDeniedPage() {
  const { queryClient } = Route.useRouteContext()
  const landing = landingHref(queryClient.getQueryData(profileQuery().queryKey)?.access.landing_url)
  return <AccessDenied landingUrl={landing} />
}
