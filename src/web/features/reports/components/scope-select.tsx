import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { SCOPE_TYPES } from '../../../../shared/schemas/assessment-library'
import type { Scope } from '../report-forms'

/** Class, school or institution scope (spec §3 "scope types"); class is the default. */
export function ScopeSelect({ value, onChange }: { value: Scope; onChange: (scope: Scope) => void }) {
  const id = useId()
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700"><Trans>Scope</Trans></label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value) as Scope)}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 ps-3 pe-9 text-sm shadow-xs">
        <option value={SCOPE_TYPES.class}><Trans>Class</Trans></option>
        <option value={SCOPE_TYPES.school}><Trans>School</Trans></option>
        <option value={SCOPE_TYPES.institution}><Trans>Institution</Trans></option>
      </select>
    </div>
  )
}
