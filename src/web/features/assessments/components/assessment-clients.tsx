// Which institutions have the assessment (ADR 0020): a section of the edit page with its own save, since it
// is its own call (PUT /api/assessment/{id}/clients/ replaces the whole set).
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Assessment } from '../../../../shared/schemas/assessment'
import { CheckboxTableField } from '../../../components/form/checkbox-table-field'
import { FormErrors } from '../../../components/form/form-errors'
import { SubmitButton } from '../../../components/form/submit-button'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { SearchIcon } from '../../../components/ui/icons'
import { Spinner } from '../../../components/ui/spinner'
import { describeError } from '../../../lib/api/error-messages'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { assessmentClientsWrites } from '../mutations'
import { assessmentClientsQuery, institutionOptionsQuery } from '../queries'

export function AssessmentClients({ assessment }: { assessment: Pick<Assessment, 'id' | 'title'> }) {
  const { i18n } = useLingui()
  const clients = useQuery(assessmentClientsQuery(assessment.id))
  const institutions = useQuery(institutionOptionsQuery())
  const headingId = useId()

  const error = clients.error ?? institutions.error
  return (
    <section aria-labelledby={headingId} className="mx-auto mt-6 w-full max-w-2xl rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="border-b border-slate-100 px-6 py-4">
        <h2 id={headingId} className="text-base font-semibold text-slate-900"><Trans>Institutions with this assessment</Trans></h2>
        <p className="mt-1 text-sm text-slate-500"><Trans>Only the institutions ticked here see the assessment on their tablets and in their reports.</Trans></p>
      </div>
      {clients.data && institutions.data ? (
        <ClientsForm key={clients.dataUpdatedAt} assessment={assessment} initial={clients.data} institutions={institutions.data} />
      ) : error ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-6 py-8 text-center text-sm text-slate-600">
          <p>{describeError(i18n, error).join(' ')}</p>
          <Button variant="secondary" size="sm" onClick={() => { void clients.refetch(); void institutions.refetch() }}><Trans>Try again</Trans></Button>
        </div>
      ) : (
        <div role="status" className="flex items-center justify-center gap-3 px-6 py-8 text-sm text-slate-500"><Spinner /><Trans>Loading…</Trans></div>
      )}
    </section>
  )
}

function ClientsForm({ assessment, initial, institutions }: {
  assessment: Pick<Assessment, 'id' | 'title'>
  initial: number[]
  institutions: { id: number; organization_name: string; subdomain_name: string }[]
}) {
  const { t } = useLingui()
  const save = assessmentClientsWrites.useSave({ assessmentId: assessment.id })
  const pending = assessmentClientsWrites.usePendingRows({ assessmentId: assessment.id }).some((row) => row.rowId === assessment.id)
  const outcome = useWriteOutcome({ generalErrors: 'inline' })
  const [filter, setFilter] = useState('')
  const filterId = useId()
  const form = useForm({
    defaultValues: { clients: initial },
    onSubmit: async ({ value, formApi }) => {
      outcome.reset()
      const result = await save({ clients: value.clients }, { id: assessment.id }, assessment.title)
      const state = await outcome.saved(result, {
        name: assessment.title,
        accepted: t`The institutions of this assessment were saved.`,
        queued: t`Saved on this device. The institutions will sync when the connection is back.`,
      })
      if (state === 'accepted' || state === 'queued') formApi.reset(value)
    },
  })
  const needle = filter.trim().toLocaleLowerCase()
  const items = institutions
    .filter((i) => !needle || i.organization_name.toLocaleLowerCase().includes(needle) || i.subdomain_name.toLocaleLowerCase().includes(needle))
    .map((i) => ({ id: i.id, label: i.organization_name, detail: <span dir="ltr">{i.subdomain_name}</span> }))

  return (
    <form noValidate onSubmit={(event) => { event.preventDefault(); void form.handleSubmit() }}>
      <div className="space-y-4 px-6 py-5">
        <FormErrors messages={outcome.formErrors} />
        {institutions.length > 8 && (
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
            <label htmlFor={filterId} className="sr-only">{t`Filter institutions`}</label>
            <input id={filterId} type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder={t`Filter institutions`}
              className="block w-full rounded-lg border border-slate-300 bg-white py-2 ps-9 pe-3 text-sm shadow-xs focus:outline-2 focus:outline-brand-600" />
          </div>
        )}
        <form.Field name="clients">
          {(field) => <CheckboxTableField field={field} label={t`Institutions`} columnLabel={t`Institution`} items={items}
            emptyText={needle ? <Trans>No institution matches the filter.</Trans> : <Trans>There are no active institutions yet.</Trans>} />}
        </form.Field>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-6 py-4">
        {pending && <Badge tone="pending"><Trans>Pending sync</Trans></Badge>}
        <form.Subscribe selector={(s) => [s.isDirty, s.isSubmitting, s.values.clients.length] as const}>
          {([dirty, submitting, count]) => (
            <>
              <span className="me-auto text-sm text-slate-500" aria-live="polite">{t`${count} selected`}</span>
              <SubmitButton valid={dirty} submitting={submitting}><Trans>Save institutions</Trans></SubmitButton>
            </>
          )}
        </form.Subscribe>
      </div>
    </form>
  )
}
