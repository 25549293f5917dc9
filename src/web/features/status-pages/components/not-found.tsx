import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { StatusPage } from './status-page'

export function NotFound() {
  return (
    <StatusPage
      code="404"
      title={<Trans>Page not found</Trans>}
      action={<Link to="/" className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"><Trans>Go to home</Trans></Link>}
    >
      <Trans>The page you asked for does not exist or has moved.</Trans>
    </StatusPage>
  )
}
