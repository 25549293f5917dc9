// Create Demo Institution (administration spec §2, §4, §5, §8, §9): the form, then the processing card with
// its progress bar, then the completion card (or the failure).
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { DEMO_USER_PASSWORD, DemoInstitutionSchema, type DemoStatistics } from '../../../../shared/schemas/demo-institution'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { useServerErrors } from '../../../components/form/server-errors'
import { Button } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api/api-error'
import { describeError } from '../../../lib/api/error-messages'
import { showToast } from '../../../lib/notify/toasts'
import { startDemoCopy } from '../mutations'
import { demoSourcesQuery } from '../queries'
import { useDemoTask } from '../use-demo-task'
import { ProgressBar } from '../../../components/ui/progress-bar'

const FIELDS = ['source_client_id', 'demo_name', 'demo_subdomain', 'notify_email'] as const

type Started = { taskId: string; demoName: string; demoSubdomain: string; sourceInstitution: string }

export function DemoInstitutionScreen({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const [started, setStarted] = useState<Started | null>(null)
  const [formKey, setFormKey] = useState(0)
  if (started) {
    return <DemoProgress started={started} onAnother={() => { setStarted(null); setFormKey((k) => k + 1) }} onDone={onDone} />
  }
  return <DemoForm key={formKey} onCancel={onCancel} onStarted={setStarted} onImmediateSuccess={onDone} />
}

function DemoForm({ onCancel, onStarted, onImmediateSuccess }: {
  onCancel: () => void
  onStarted: (s: Started) => void
  onImmediateSuccess: () => void
}) {
  const { t, i18n } = useLingui()
  const server = useServerErrors(FIELDS)
  const sources = useQuery(demoSourcesQuery())
  const options = useMemo(
    () => (sources.data ?? []).map((s) => ({ value: String(s.id), label: `${s.organization_name} (${s.subdomain_name})` })),
    [sources.data],
  )
  const form = useForm({
    defaultValues: { source_client_id: '', demo_name: '', demo_subdomain: '', notify_email: '' },
    validators: {
      onChange: ({ value }) => {
        const result = v.safeParse(DemoInstitutionSchema, value, { abortPipeEarly: true })
        if (result.success) return undefined
        const fields: Record<string, v.BaseIssue<unknown>> = {}
        for (const issue of result.issues) {
          const name = v.getDotPath(issue)
          if (name && !fields[name]) fields[name] = issue
        }
        return { fields }
      },
    },
    onSubmit: async ({ value }) => {
      server.reset()
      const input = v.parse(DemoInstitutionSchema, value)
      try {
        const { task_id } = await startDemoCopy(input)
        if (!task_id) {
          // No task to follow: the server finished at once (spec §4).
          showToast('success', t`Demo institution created successfully`)
          onImmediateSuccess()
          return
        }
        const source = sources.data?.find((s) => s.id === input.source_client_id)
        onStarted({ taskId: task_id, demoName: input.demo_name, demoSubdomain: input.demo_subdomain, sourceInstitution: source?.organization_name ?? '' })
      } catch (error) {
        const fieldMessages = isApiError(error) ? Object.values(error.fieldErrors).flat() : []
        if (isApiError(error)) server.show(error.errors, error.fieldErrors)
        const messages = fieldMessages.length ? fieldMessages : describeError(i18n, error)
        showToast('error', messages.length ? messages.join(', ') : t`Failed to start demo institution creation`)
      }
    },
  })

  return (
    <FormCard
      title={<Trans>Create Demo Institution</Trans>}
      description={<Trans>Copies an institution with its schools, classes, users and students into a new demo institution. People are replaced by generated names.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <form.Subscribe selector={(s) => [s.canSubmit, s.isSubmitting, s.values] as const}>
          {([canSubmit, submitting, values]) => (
            <>
              <Button variant="secondary" onClick={onCancel} disabled={submitting}><Trans>Cancel</Trans></Button>
              <SubmitButton valid={canSubmit && v.is(DemoInstitutionSchema, values)} submitting={submitting}>
                {submitting ? <Trans>Starting...</Trans> : <Trans>Create demo</Trans>}
              </SubmitButton>
            </>
          )}
        </form.Subscribe>
      }
    >
      <FormErrors messages={server.errors.form} />
      <form.Field name="source_client_id">
        {(field) => (
          <SelectField field={field} label={t`Source institution`} options={options} placeholder={t`Select institution`}
            loading={sources.isPending} autoFocus serverErrors={server.errors.fields.source_client_id}
            onEdited={() => server.clearField('source_client_id')} />
        )}
      </form.Field>
      <form.Field name="demo_name">
        {(field) => (
          <TextField field={field} label={t`Demo institution name`}
            hint={t`Include Demo, Test or Training in the name so nobody mistakes it for a real institution.`}
            serverErrors={server.errors.fields.demo_name} onEdited={() => server.clearField('demo_name')} />
        )}
      </form.Field>
      <form.Field name="demo_subdomain">
        {(field) => (
          <TextField field={field} label={t`Demo subdomain`} dir="ltr"
            hint={t`Letters, numbers and hyphens. It must not be used by another institution.`}
            serverErrors={server.errors.fields.demo_subdomain} onEdited={() => server.clearField('demo_subdomain')} />
        )}
      </form.Field>
      <form.Field name="notify_email">
        {(field) => (
          <TextField field={field} type="email" label={t`Notification email`} dir="ltr" autoComplete="email"
            hint={t`We send the link and the sign-in details here when the demo is ready.`}
            serverErrors={server.errors.fields.notify_email} onEdited={() => server.clearField('notify_email')} />
        )}
      </form.Field>
    </FormCard>
  )
}

function DemoProgress({ started, onAnother, onDone }: { started: Started; onAnother: () => void; onDone: () => void }) {
  const { t } = useLingui()
  const task = useDemoTask(started.taskId)
  const demoName = started.demoName
  if (task.phase === 'success') {
    return <CompletionCard started={started} statistics={task.statistics} demoClientId={task.demoClientId} completedAt={task.completedAt} onAnother={onAnother} onDone={onDone} />
  }
  return (
    <section aria-labelledby="demo-progress-title" className="mx-auto w-full max-w-2xl space-y-5 rounded-xl bg-white px-6 py-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="demo-progress-title" className="text-base font-semibold text-slate-900">
        <Trans>Creating {demoName}</Trans>
      </h2>
      <ProgressBar
        percent={task.percent}
        label={task.phase === 'failure' ? t`Stopped` : task.status ?? (task.percent <= 10 ? t`Initialising...` : t`Copying...`)}
      />
      {task.phase === 'processing' && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <Trans>This may take several minutes. Please do not close this page.</Trans>
        </p>
      )}
      {task.phase === 'failure' && (
        <>
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200">{task.error}</p>
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onDone}><Trans>Back to institutions</Trans></Button>
            <Button onClick={onAnother}><Trans>Create another demo</Trans></Button>
          </div>
        </>
      )}
    </section>
  )
}

function CompletionCard({ started, statistics, demoClientId, completedAt, onAnother, onDone }: {
  started: Started
  statistics: DemoStatistics
  demoClientId: number
  completedAt: Date
  onAnother: () => void
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const rows: [ReactNode, ReactNode][] = [
    [<Trans key="n">Demo institution</Trans>, `${started.demoName} (#${demoClientId})`],
    [<Trans key="s">Sub-domain</Trans>, <span dir="ltr">{started.demoSubdomain}</span>],
    [<Trans key="src">Copied from</Trans>, started.sourceInstitution],
    [<Trans key="sc">Schools copied</Trans>, statistics.schools_copied],
    [<Trans key="u">Users copied</Trans>, statistics.users_copied],
    [<Trans key="st">Students copied</Trans>, statistics.students_copied],
    [<Trans key="si">Sittings copied</Trans>, statistics.sittings_copied ?? 0],
    [<Trans key="a">First admin username</Trans>, <span dir="ltr">{statistics.first_admin_username ?? '—'}</span>],
    [<Trans key="p">Password of every demo user</Trans>, <code dir="ltr">{statistics.demo_password || DEMO_USER_PASSWORD}</code>],
    [<Trans key="c">Completed at</Trans>, i18n.date(completedAt, { dateStyle: 'medium', timeStyle: 'short' })],
  ]
  return (
    <section aria-labelledby="demo-done-title" className="mx-auto w-full max-w-2xl space-y-5 rounded-xl bg-white px-6 py-6 shadow-sm ring-1 ring-slate-200">
      <ProgressBar percent={100} label={t`Done`} />
      <h2 id="demo-done-title" className="text-base font-semibold text-emerald-800">
        <Trans>Demo institution created successfully</Trans>
      </h2>
      <p className="text-sm text-slate-700">
        <Trans>Access URL:</Trans>{' '}
        <a href={statistics.access_url} dir="ltr" className="font-medium text-indigo-700 underline">{statistics.access_url}</a>
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value], i) => (
          <div key={i} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-500">{label}</dt>
            <dd className="text-end font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}><Trans>Back to institutions</Trans></Button>
        <Button variant="secondary" onClick={onAnother}><Trans>Create another demo</Trans></Button>
        <a href={statistics.access_url} target="_blank" rel="noopener" className="inline-flex items-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600">
          <Trans>View demo institution</Trans>
        </a>
      </div>
    </section>
  )
}
