import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { StatusPage } from './status-page'

export function AccessDenied({ landingUrl }: { landingUrl: string }) {
  const { t } = useLingui()
  return (
    <StatusPage
      image={<img src="/images/403.svg" alt={t`Locked`} className="mx-auto mb-6 h-44 w-auto" />}
      code="403"
      title={<Trans>You do not have access to this page</Trans>}
      action={<Link to={landingUrl} className="inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"><Trans>Go to my home page</Trans></Link>}
    >
      <Trans>Your account does not include this area. If you think it should, ask your administrator.</Trans>
    </StatusPage>
  )
}
