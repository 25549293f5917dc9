// The tally and bundle report forms (spec §2): from and to dates with date pickers and a scope (class by
// default). Buttons stay disabled while the form is invalid; class scope without a class shows
// 'must select a class'. The bundle form adds email and, under enableParentReport, the parent buttons.
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { SCOPE_TYPES } from '../../../../shared/schemas/assessment-library'
import { Button } from '../../../components/ui/button'
import { AlertIcon, DownloadIcon } from '../../../components/ui/icons'
import { RangeFormSchema, needsClass } from '../report-forms'
import type { RangeForm, Scope } from '../report-forms'
import { DateField } from './date-field'
import { ScopeSelect } from './scope-select'

export type RangeAction = 'download' | 'email' | 'download_parent' | 'email_parent' | 'print_parent'

export function RangeReportForm({ title, classId, actions, busy, offline, onAction }: {
  title: ReactNode
  classId: number
  /** Which buttons the report offers: tally only downloads; a bundle also emails, a parent-enabled bundle adds the parent pair. */
  actions: readonly RangeAction[]
  busy: boolean
  offline: boolean
  onAction: (action: RangeAction, values: RangeForm) => void
}) {
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [scope, setScope] = useState<Scope>(SCOPE_TYPES.class)
  const values = { from_date: from, to_date: to, scope }
  const valid = v.is(RangeFormSchema, values)
  const classMissing = needsClass(scope, classId)
  const disabled = !valid || classMissing || busy
  // The printable pages are per class.
  const disabledFor = (action: RangeAction) => disabled || (action === 'print_parent' && scope !== SCOPE_TYPES.class)
  const label: Record<RangeAction, ReactNode> = {
    download: <Trans>Download</Trans>,
    email: <Trans>Email</Trans>,
    download_parent: <Trans>Download parent report</Trans>,
    email_parent: <Trans>Email parent report</Trans>,
    print_parent: <Trans>Printable parent pages</Trans>,
  }
  return (
    <form className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" noValidate
      onSubmit={(event) => { event.preventDefault(); if (!disabled) onAction(actions[0]!, v.parse(RangeFormSchema, values)) }}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <DateField label={<Trans>From date</Trans>} value={from} onChange={setFrom} />
        <DateField label={<Trans>To date</Trans>} value={to} onChange={setTo} invalidRange={from !== '' && to !== '' && to < from} />
        <ScopeSelect value={scope} onChange={setScope} />
      </div>
      {classMissing && (
        <p role="alert" className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-800 ring-1 ring-amber-200">
          <AlertIcon className="size-5 shrink-0" /><Trans>Please select a class first (must select a class).</Trans>
        </p>
      )}
      {offline && actions.some((action) => action.startsWith('download')) && (
        <p className="text-sm text-slate-500"><Trans>Downloads need a connection; email requests made offline wait and are sent later.</Trans></p>
      )}
      <div className="flex flex-wrap gap-3">
        {actions.map((action, index) => (
          <Button key={action} type={index === 0 ? 'submit' : 'button'} variant={index === 0 ? 'primary' : 'secondary'}
            disabled={disabledFor(action)} icon={action.startsWith('download') ? <DownloadIcon className="size-4" /> : undefined}
            onClick={index === 0 ? undefined : () => onAction(action, v.parse(RangeFormSchema, values))}>
            {label[action]}
          </Button>
        ))}
      </div>
    </form>
  )
}
