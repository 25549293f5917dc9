import { Trans } from '@lingui/react/macro'

export function NoSchool() {
  return (
    <div className="rounded-xl bg-white px-6 py-12 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
      <Trans>No school is selected. Ask your administrator to link a school to your account.</Trans>
    </div>
  )
}
