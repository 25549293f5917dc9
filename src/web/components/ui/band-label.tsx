import { Trans } from '@lingui/react/macro'
import { Badge } from './badge'

/** The level band from accuracy (domain.md): a word as well as a colour; none for an assessment without bands. */
export function BandLabel({ band }: { band: string | null }) {
  if (band === 'independent') return <Badge tone="success"><Trans>Independent</Trans></Badge>
  if (band === 'instructional') return <Badge tone="pending"><Trans>Instructional</Trans></Badge>
  if (band === 'frustration') return <Badge tone="danger"><Trans>Frustration</Trans></Badge>
  return <span>{band || '—'}</span>
}
