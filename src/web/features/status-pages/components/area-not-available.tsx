import { Trans } from '@lingui/react/macro'
import { ClipboardIcon } from '../../../components/ui/icons'

/** A menu area whose screens are not part of this version yet: said plainly, with no fake content. */
export function AreaNotAvailable() {
  return (
    <div className="rounded-xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-slate-200">
      <ClipboardIcon className="mx-auto size-10 text-slate-300" />
      <h2 className="mt-4 text-base font-semibold text-slate-900"><Trans>This area is not available yet</Trans></h2>
      <p className="mt-1 text-sm text-slate-500"><Trans>It is planned for a later version of Miscue.</Trans></p>
    </div>
  )
}
