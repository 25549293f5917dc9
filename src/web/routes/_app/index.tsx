import { createFileRoute, redirect } from '@tanstack/react-router'
import { landingFor } from '../../features/shell/landing'
import { DashboardPage } from './-components/dashboard-page'

/** Landing redirect (spec §2): the landing URL the user may open, the root (home) when it is empty, else access-denied. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: ({ context }) => {
    const landing = landingFor(context.profile.access.landing_url, context.profile.menu)
    if (landing.kind === 'redirect') throw redirect({ href: landing.href })
    if (landing.kind === 'denied') throw redirect({ to: '/access-denied' })
  },
  component: DashboardPage,
})
