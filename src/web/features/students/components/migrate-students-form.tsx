// Migrate students (spec §2, §4): source class and year, destination class and year, and a two-list
// transfer of the source class's students in the source year. Sent through the outbox; the per-student
// answer (moved / why not) is shown as a success message (the translated 'migrate-student uploaded
// successfully' with the counts) and a toggleable error panel.
import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import type { StandardSchemaV1 } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useState } from 'react'
import * as v from 'valibot'
import { MigrationFormSchema } from '../../../../shared/schemas/student'
import type { MigrationResult } from '../../../../shared/schemas/student'
import type { AcademicYearOption } from '../../../../shared/schemas/reference'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { Button } from '../../../components/ui/button'
import { DualList } from '../../../components/ui/dual-list'
import { AlertIcon, CheckIcon, ChevronDownIcon } from '../../../components/ui/icons'
import { cx } from '../../../components/ui/cx'
import { describeError } from '../../../lib/api/error-messages'
import { validationMessage } from '../../../lib/i18n/validation-messages'
import type { ValidationIssue } from '../../../lib/i18n/validation-messages'
import { showToast } from '../../../lib/notify/toasts'
import type { OutboxItem } from '../../../lib/db/db'
import { useOutbox } from '../../../lib/sync/outbox-context'
import { migrationWrites } from '../mutations'
import { useDiscardWrite } from '../../../lib/sync/outbox-context'
import type { MigrationBody } from '../mutations'
import { classOptionsQuery, classStudentsQuery } from '../queries'
import { alreadyEnrolled } from '../migration-blocked'
import { rejectionMessages } from '../../../lib/sync/rejection-messages'
import { notStoredMessage } from '../../../lib/sync/use-write-outcome'

type MigrationValues = {
  src_class: number | null
  src_year: number | null
  des_class: number | null
  des_year: number | null
  students: number[]
}

const EMPTY: MigrationValues = { src_class: null, src_year: null, des_class: null, des_year: null, students: [] }
const validateMigration = MigrationFormSchema as unknown as StandardSchemaV1<MigrationValues, unknown>
const toId = (value: string) => (value === '' ? null : Number(value))

/** Per-student problems of the last migration, as the panel lists them. */
type MigrationErrors = MigrationResult['errors']

export function MigrateStudentsForm({ schoolId, years, onCancel }: {
  schoolId: number
  years: readonly AcademicYearOption[]
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const migrate = migrationWrites.useSave({ schoolId })
  const discard = useDiscardWrite()
  const outbox = useOutbox()
  const classes = useQuery(classOptionsQuery(schoolId))
  const [formErrors, setFormErrors] = useState<string[]>([])
  const [success, setSuccess] = useState<{ moved: number; total: number } | null>(null)
  const [errors, setErrors] = useState<MigrationErrors>([])
  const [showErrors, setShowErrors] = useState(true)
  const [queued, setQueued] = useState<OutboxItem | null>(null)
  const [formKey, setFormKey] = useState(0)
  const panelId = useId()

  /** Shows the server's answer: the count moved and each student that was not. */
  const showResult = useCallback((result: MigrationResult) => {
    setErrors(result.errors)
    setShowErrors(true)
    const moved = result.success_count
    const total = result.total
    if (moved > 0) {
      // Shown on the page (a live region), not as a toast as well, so it is announced once.
      setSuccess({ moved, total })
      // The form starts over; the result stays on screen.
      setFormKey((k) => k + 1)
    } else {
      setSuccess(null)
      showToast('error', t`No student was moved. See the errors below.`)
    }
  }, [t])

  // A migration queued offline: once the outbox has sent it, read its answer and show it here.
  useEffect(() => {
    if (!queued) return
    return outbox.subscribe(() => {
      const item = outbox.items().find((i) => i.id === queued.id)
      if (!item) {
        setQueued(null)
        const answer = outbox.takeAcceptedPayload(queued.id) as MigrationResult | undefined
        if (answer) showResult(answer)
        else showToast('success', t`The queued migration was sent.`)
      } else if (item.status === 'rejected') {
        setQueued(null)
        setFormErrors(rejectionMessages(item))
        void outbox.discard(item.id)
      }
    })
  }, [queued, outbox, showResult, t])

  const submit = async (values: MigrationBody) => {
    setFormErrors([])
    setSuccess(null)
    setErrors([])
    const count = values.students.length
    const result = await migrate(values, undefined, t({ message: plural(count, { one: 'Migrate # student', other: 'Migrate # students' }) }))
    if (result.state === 'not-stored') {
      setFormErrors([notStoredMessage(i18n)])
      return
    }
    if (result.state === 'rejected') {
      await discard(result.item.id)
      setFormErrors(rejectionMessages(result.item))
      return
    }
    if (result.state === 'queued') {
      setQueued(result.item)
      showToast('info', t`Saved on this device. The migration will be sent when the connection is back.`)
      setFormKey((k) => k + 1)
      return
    }
    const answer = result.payload as MigrationResult | undefined
    if (answer) showResult(answer)
    else {
      showToast('success', t`The students were migrated.`)
    }
  }

  const errorCount = errors.length
  return (
    <div className="space-y-4">
      {success && (
        <SuccessMessage moved={success.moved} total={success.total} />
      )}
      {queued && (
        <p role="status" className="mx-auto w-full max-w-2xl rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
          <Trans>A migration is waiting to be sent. Its result will show here once it is synced.</Trans>
        </p>
      )}
      {errors.length > 0 && (
        <section className="mx-auto w-full max-w-2xl rounded-xl bg-rose-50 text-sm text-rose-900 ring-1 ring-rose-200">
          <button type="button" aria-expanded={showErrors} aria-controls={panelId} onClick={() => setShowErrors((s) => !s)}
            className="flex w-full items-center gap-2 rounded-xl px-4 py-3 text-start font-medium focus-visible:outline-2 focus-visible:outline-brand-600">
            <AlertIcon className="size-5 shrink-0" />
            <span className="flex-1">
              {showErrors ? <Trans>Hide errors ({errorCount})</Trans> : <Trans>Show errors ({errorCount})</Trans>}
            </span>
            <ChevronDownIcon className={cx('size-4 transition-transform', showErrors && 'rotate-180')} />
          </button>
          {showErrors && (
            <ul id={panelId} className="space-y-1 border-t border-rose-200 px-4 py-3 ps-11">
              {errors.map((error) => (
                <li key={error.student_id}><span className="font-medium">{error.name}</span>: {error.errors.join(' ')}</li>
              ))}
            </ul>
          )}
        </section>
      )}
      <MigrationFields key={formKey} years={years} schoolId={schoolId}
        classOptions={(classes.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        classesLoading={classes.isPending}
        classesError={classes.isError ? describeError(i18n, classes.error).join(' ') : undefined}
        formErrors={formErrors} onSubmit={submit} onCancel={onCancel} />
    </div>
  )
}

function SuccessMessage({ moved, total }: { moved: number; total: number }) {
  return (
    <p role="status" className="mx-auto flex w-full max-w-2xl items-center gap-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200">
      <CheckIcon className="size-5 shrink-0" />
      <Plural value={total}
        one={`Student migration uploaded successfully: ${moved} of # student moved.`}
        other={`Student migration uploaded successfully: ${moved} of # students moved.`} />
    </p>
  )
}

function MigrationFields({ schoolId, years, classOptions, classesLoading, classesError, formErrors, onSubmit, onCancel }: {
  schoolId: number
  years: readonly AcademicYearOption[]
  classOptions: { value: string; label: string }[]
  classesLoading: boolean
  classesError?: string
  formErrors: string[]
  onSubmit: (values: MigrationBody) => Promise<void>
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const studentsErrorId = useId()
  const form = useForm({
    defaultValues: EMPTY,
    validators: { onChange: validateMigration },
    onSubmit: async ({ value }) => onSubmit(v.parse(MigrationFormSchema, value)),
  })
  const yearOptions = years.map((y) => ({ value: String(y.id), label: y.display_name }))

  return (
    <FormCard
      title={<Trans>Migrate students</Trans>}
      description={<Trans>Choose the class and year the students are in now, then where they go. Pick the students to move.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(MigrationFormSchema, values)} submitting={submitting}><Trans>Migrate</Trans></SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <FormErrors messages={formErrors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <form.Field name="src_class">
          {(field) => (
            <SelectField field={field} label={t`Source class`} placeholder={t`Select class`} parse={toId}
              options={classOptions} loading={classesLoading} hint={classesError}
              onValueChange={() => form.setFieldValue('students', [])} />
          )}
        </form.Field>
        <form.Field name="src_year">
          {(field) => (
            <SelectField field={field} label={t`Source year`} placeholder={t`Select year`} parse={toId} options={yearOptions}
              onValueChange={(next) => {
                form.setFieldValue('students', [])
                // The destination year must differ from the source year.
                if (next !== null && form.getFieldValue('des_year') === next) form.setFieldValue('des_year', null)
              }} />
          )}
        </form.Field>
        <form.Field name="des_class">
          {(field) => (
            <SelectField field={field} label={t`Destination class`} placeholder={t`Select class`} parse={toId}
              options={classOptions} loading={classesLoading} hint={classesError} />
          )}
        </form.Field>
        <form.Subscribe selector={(s) => s.values.src_year}>
          {(srcYear) => (
            <form.Field name="des_year">
              {(field) => (
                <SelectField field={field} label={t`Destination year`} placeholder={t`Select year`} parse={toId}
                  options={yearOptions.filter((y) => y.value !== String(srcYear))} />
              )}
            </form.Field>
          )}
        </form.Subscribe>
      </div>
      <form.Subscribe selector={(s) => [s.values.src_class, s.values.src_year, s.values.des_class, s.values.des_year] as const}>
        {([srcClass, srcYear, desClass, desYear]) => (
          <form.Field name="students">
            {(field) => (
              <StudentTransfer key={`${srcClass}-${srcYear}`} schoolId={schoolId} classId={srcClass} yearId={srcYear}
                destination={{ classId: desClass, yearId: desYear }}
                selected={field.state.value}
                onChange={(ids) => {
                  field.handleChange(ids)
                  field.handleBlur()
                }}
                errorId={studentsErrorId}
                messages={field.state.meta.isTouched
                  ? [...new Set((field.state.meta.errors as unknown[]).filter(Boolean)
                    .map((issue) => validationMessage(i18n, issue as ValidationIssue | string)))]
                  : []} />
            )}
          </form.Field>
        )}
      </form.Subscribe>
    </FormCard>
  )
}

/** The two lists: students of the source class in the source year, and the ones chosen to move. */
function StudentTransfer({ schoolId, classId, yearId, destination, selected, onChange, errorId, messages }: {
  schoolId: number
  classId: number | null
  yearId: number | null
  destination: { classId: number | null; yearId: number | null }
  selected: number[]
  onChange: (ids: number[]) => void
  errorId: string
  messages: string[]
}) {
  const { t, i18n } = useLingui()
  const ready = classId !== null && yearId !== null
  const students = useQuery({ ...classStudentsQuery(schoolId, classId ?? 0, yearId ?? 0), enabled: ready })
  // Already in a class of the destination year (another, or the destination itself): the server would refuse
  // them, so they are not offered.
  const blocked = alreadyEnrolled(students.data ?? [], destination.classId, destination.yearId)
  const blockedIds = new Set(blocked.map((b) => b.id))
  const items = (students.data ?? []).filter((s) => !blockedIds.has(s.id))
    .map((s) => ({ id: s.id, label: `${s.first_name} ${s.last_name}`, description: s.enrollment_code }))
  const blockedKey = [...blockedIds].join(',')
  useEffect(() => {
    if (blockedKey && selected.some((id) => blockedIds.has(id))) onChange(selected.filter((id) => !blockedIds.has(id)))
  }, [blockedKey]) // eslint-disable-line react-hooks/exhaustive-deps -- prune only when the blocked set changes

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700"><Trans>Students</Trans></p>
      {!ready && (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-500 ring-1 ring-slate-200">
          <Trans>Choose the source class and year to list their students.</Trans>
        </p>
      )}
      {ready && students.isError && (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 rounded-lg bg-rose-50 px-4 py-6 text-sm text-rose-800 ring-1 ring-rose-200">
          {describeError(i18n, students.error).join(' ')}
          <Button size="sm" variant="secondary" onClick={() => void students.refetch()}><Trans>Try again</Trans></Button>
        </div>
      )}
      {ready && !students.isError && (
        <DualList
          items={items}
          selected={selected}
          onChange={onChange}
          availableLabel={t`Students in the source class`}
          selectedLabel={t`Students to migrate`}
          buttonLabels={{ add: t`Add`, remove: t`Remove`, addAll: t`All`, removeAll: t`None` }}
          availableEmptyText={<Trans>No students in this class in this year.</Trans>}
          selectedEmptyText={<Trans>No students chosen yet.</Trans>}
          filterable
          draggable
          loading={students.isPending}
          invalid={messages.length > 0}
          errorId={errorId}
        />
      )}
      {ready && blocked.length > 0 && (
        <div role="note" aria-label={t`Already enrolled in the destination year`} className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <p className="font-medium"><Trans>Already enrolled in the destination year, so not offered:</Trans></p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            {blocked.map((b) => {
              const { name, className, yearName } = b
              return b.alreadyThere
                ? <li key={b.id}><Trans>{name}: already in {className} for {yearName}</Trans></li>
                : <li key={b.id}><Trans>{name}: in {className} for {yearName}</Trans></li>
            })}
          </ul>
        </div>
      )}
      {messages.length > 0 && (
        <ul id={errorId} className="space-y-0.5 text-xs text-rose-600">
          {messages.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
    </div>
  )
}
