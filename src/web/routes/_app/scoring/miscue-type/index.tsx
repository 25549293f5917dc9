import { createFileRoute, redirect } from '@tanstack/react-router'

/** The breadcrumb's link to this segment: the types and profiles are listed on the scoring page. */
export const Route = createFileRoute('/_app/scoring/miscue-type/')({
  beforeLoad: () => {
    throw redirect({ to: '/scoring' })
  },
})
