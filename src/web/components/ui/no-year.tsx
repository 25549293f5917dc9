import { Trans } from '@lingui/react/macro'

/** For screens scoped to the selected academic year when the institution has none yet. */
export function NoYear() {
  return (
    <div className="rounded-xl bg-white px-6 py-12 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
      <Trans>No academic year is selected. Ask your administrator to add an academic year.</Trans>
    </div>
  )
}
