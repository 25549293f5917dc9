// The comparative report form (spec §2): four required dates with date pickers and a scope (class by
// default); Export stays disabled until the form is valid and downloads the report.
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import * as v from 'valibot'
import { SCOPE_TYPES } from '../../../../shared/schemas/assessment-library'
import { Button } from '../../../components/ui/button'
import { AlertIcon, DownloadIcon } from '../../../components/ui/icons'
import { ComparativeFormSchema, needsClass } from '../report-forms'
import type { ComparativeForm, Scope } from '../report-forms'
import { DateField } from './date-field'
import { ScopeSelect } from './scope-select'

export function ComparativeReportForm({ title, classId, busy, onExport }: {
  title: string
  classId: number
  busy: boolean
  onExport: (values: ComparativeForm) => void
}) {
  const [dates, setDates] = useState({ first_from_date: '', first_to_date: '', second_from_date: '', second_to_date: '' })
  const [scope, setScope] = useState<Scope>(SCOPE_TYPES.class)
  const values = { ...dates, scope }
  const valid = v.is(ComparativeFormSchema, values)
  const classMissing = needsClass(scope, classId)
  const set = (key: keyof typeof dates) => (value: string) => setDates((current) => ({ ...current, [key]: value }))
  const backwards = (from: string, to: string) => from !== '' && to !== '' && to < from
  return (
    <form className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" noValidate
      onSubmit={(event) => { event.preventDefault(); if (valid && !classMissing) onExport(v.parse(ComparativeFormSchema, values)) }}>
      <h2 className="text-base font-semibold text-slate-900"><Trans>Comparative report: {title}</Trans></h2>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-600"><Trans>First period</Trans></legend>
        <DateField label={<Trans>First period from</Trans>} value={dates.first_from_date} onChange={set('first_from_date')} />
        <DateField label={<Trans>First period to</Trans>} value={dates.first_to_date} onChange={set('first_to_date')}
          invalidRange={backwards(dates.first_from_date, dates.first_to_date)} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-600"><Trans>Second period</Trans></legend>
        <DateField label={<Trans>Second period from</Trans>} value={dates.second_from_date} onChange={set('second_from_date')} />
        <DateField label={<Trans>Second period to</Trans>} value={dates.second_to_date} onChange={set('second_to_date')}
          invalidRange={backwards(dates.second_from_date, dates.second_to_date)} />
      </fieldset>
      <div className="sm:w-1/2"><ScopeSelect value={scope} onChange={setScope} /></div>
      {classMissing && (
        <p role="alert" className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-800 ring-1 ring-amber-200">
          <AlertIcon className="size-5 shrink-0" /><Trans>Please select a class first (must select a class).</Trans>
        </p>
      )}
      <Button type="submit" disabled={!valid || classMissing || busy} icon={<DownloadIcon className="size-4" />}><Trans>Export</Trans></Button>
    </form>
  )
}
