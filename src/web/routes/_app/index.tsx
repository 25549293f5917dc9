import { createFileRoute, redirect } from '@tanstack/react-router'
import { LANDING_URL } from '../../../shared/permissions'

/** Landing redirect (spec §2): the configured landing URL, else the dashboard. */
export const Route = createFileRoute('/_app/')({
  beforeLoad: ({ context }) => {
    const landing = context.profile.access.landing_url
    if (landing && landing !== '/' && landing.startsWith('/')) throw redirect({ href: landing })
    throw redirect({ to: LANDING_URL })
  },
})
