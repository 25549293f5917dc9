import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'

/** Said instead of a form that cannot open (the record is gone, or built in), with the way back. */
export function ScoringNotice({ children, onBack, action }: { children: ReactNode; onBack: () => void; action?: ReactNode }) {
  return (
    <div role="alert" className="mx-auto max-w-2xl space-y-4 rounded-xl bg-white p-6 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
      <p>{children}</p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onBack}><Trans>Back to miscues and scoring</Trans></Button>
        {action}
      </div>
    </div>
  )
}
