import { Trans } from '@lingui/react/macro'
import { Badge } from '../../../components/ui/badge'
import type { CaptureState } from '../capture-record'

export function CaptureStateBadge({ state }: { state: CaptureState }) {
  switch (state) {
    case 'in-progress': return <Badge tone="neutral"><Trans>In progress</Trans></Badge>
    case 'saved': return <Badge tone="pending"><Trans>Saved on this device</Trans></Badge>
    case 'sending': return <Badge tone="pending"><Trans>Sending…</Trans></Badge>
    case 'synced': return <Badge tone="success"><Trans>Synced</Trans></Badge>
    case 'attention': return <Badge tone="danger"><Trans>Needs attention</Trans></Badge>
  }
}
