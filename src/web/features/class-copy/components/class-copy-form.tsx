import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import type { SchoolOption } from '../../../../shared/schemas/reference'
import { FormCard } from '../../../components/form/form-card'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { DualList } from '../../../components/ui/dual-list'
import { RefreshIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { validationMessage } from '../../../lib/i18n/validation-messages'
import { classCopyIssues, sameSchools, toCopyInput } from '../class-copy-schema'
import type { ClassCopyFormValues } from '../class-copy-schema'
import { classCopyWrites } from '../mutations'
import { useOutbox } from '../../../lib/sync/outbox-context'
import { copySchoolsQuery, schoolClassesQuery } from '../queries'

const FIELDS = ['src_school', 'des_school', 'classes'] as const
const toSchoolId = (value: string) => (value === '' ? null : Number(value))

/** Copies classes from one school to another (spec §2 "Class copy"). */
export function ClassCopyForm({ onCancel }: { onCancel: () => void }) {
  const { t, i18n } = useLingui()
  const errorId = useId()
  const outcome = useWriteOutcome({ fields: FIELDS })
  const outbox = useOutbox()
  const schools = useQuery(copySchoolsQuery())
  const arabic = i18n.locale.startsWith('ar')
  const nameOf = (school: SchoolOption | undefined) =>
    school ? (arabic && school.arabic_display_name ? school.arabic_display_name : school.display_name) : ''

  const defaultValues: ClassCopyFormValues = { src_school: null, des_school: null, classes: [] }
  const form = useForm({
    defaultValues,
    validators: {
      onChange: ({ value }) => {
        const fields = classCopyIssues(value)
        return Object.keys(fields).length ? { fields } : undefined
      },
    },
    onSubmit: async ({ value, formApi }) => {
      outcome.reset()
      const input = toCopyInput(value)
      if (!input) return
      const dest = nameOf(schools.data?.find((s) => s.id === input.des_school))
      const count = input.classes.length
      // The two schools are chosen in the form, so the write is described here rather than by a hook per pair.
      const result = await classCopyWrites.send(outbox, { srcSchoolId: input.src_school, destSchoolId: input.des_school }, { classes: input.classes }, undefined, t`Class copy to ${dest}`)
      const state = await outcome.saved(result, {
        name: dest,
        accepted: t({ message: plural(count, { one: `# class was copied to ${dest}.`, other: `# classes were copied to ${dest}.` }) }),
        queued: t`Saved on this device. The classes will be copied when the connection is back.`,
      })
      if (state !== 'accepted' && state !== 'queued') return
      // Ready for the next copy between the same schools.
      formApi.setFieldValue('classes', [])
      formApi.setFieldMeta('classes', (meta) => ({ ...meta, isTouched: false }))
    },
  })

  const schoolOptions = useMemo(
    () => (schools.data ?? []).map((school) => ({ value: String(school.id), label: nameOf(school) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schools.data, arabic],
  )

  return (
    <FormCard
      title={<Trans>Copy classes between schools</Trans>}
      description={<Trans>The chosen classes are created in the destination school with their grade, section and subjects. Teachers are not copied.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={toCopyInput(values) !== null} submitting={submitting}>
                <Trans>Create</Trans>
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      {schools.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200">
          <span>{t`The schools could not be loaded.`} {describeError(i18n, schools.error).join(' ')}</span>
          <Button variant="secondary" size="sm" icon={<RefreshIcon className="size-4" />} onClick={() => void schools.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <form.Field name="src_school">
          {(field) => (
            <SelectField field={field} label={t`Source school`} options={schoolOptions} placeholder={t`Select a school`}
              parse={toSchoolId} loading={schools.isPending} autoFocus
              serverErrors={outcome.fieldErrors.src_school}
              onEdited={() => outcome.clearField('src_school')}
              onValueChange={() => {
                // Other school, other classes: start the selection over.
                form.setFieldValue('classes', [])
                form.setFieldMeta('classes', (meta) => ({ ...meta, isTouched: false }))
              }} />
          )}
        </form.Field>
        <form.Subscribe selector={(s) => s.values}>
          {(values) => (
            <form.Field name="des_school">
              {(field) => (
                <SelectField field={field} label={t`Destination school`} options={schoolOptions} placeholder={t`Select a school`}
                  parse={toSchoolId} loading={schools.isPending}
                  serverErrors={[
                    ...(sameSchools(values) ? [t`Choose two different schools.`] : []),
                    ...(outcome.fieldErrors.des_school ?? []),
                  ]}
                  onEdited={() => outcome.clearField('des_school')} />
              )}
            </form.Field>
          )}
        </form.Subscribe>
      </div>

      <form.Subscribe selector={(s) => s.values.src_school}>
        {(src) => src === null
          ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
              <Trans>Choose a source school to see its classes.</Trans>
            </p>
          )
          : (
            <form.Field name="classes">
              {(field) => (
                <SourceClasses
                  schoolId={src}
                  schoolName={nameOf(schools.data?.find((s) => s.id === src))}
                  value={field.state.value}
                  onChange={(ids) => {
                    field.handleChange(ids)
                    field.handleBlur()
                    outcome.clearField('classes')
                  }}
                  errors={[
                    ...(field.state.meta.isTouched
                      ? (field.state.meta.errors as unknown[]).filter(Boolean).map((issue) => validationMessage(i18n, issue as string))
                      : []),
                    ...(outcome.fieldErrors.classes ?? []),
                  ]}
                  errorId={errorId}
                />
              )}
            </form.Field>
          )}
      </form.Subscribe>
    </FormCard>
  )
}

function SourceClasses({ schoolId, schoolName, value, onChange, errors, errorId }: {
  schoolId: number
  schoolName: string
  value: number[]
  onChange: (ids: number[]) => void
  errors: string[]
  errorId: string
}) {
  const { t, i18n } = useLingui()
  const classes = useQuery(schoolClassesQuery(schoolId))
  const items = useMemo(() => (classes.data ?? []).map((c) => ({ id: c.id, label: c.name })), [classes.data])
  const unique = [...new Set(errors)]
  return (
    <div className="space-y-2">
      {classes.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200">
          <span>{t`The classes could not be loaded.`} {describeError(i18n, classes.error).join(' ')}</span>
          <Button variant="secondary" size="sm" icon={<RefreshIcon className="size-4" />} onClick={() => void classes.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      )}
      <DualList
        items={items}
        selected={value}
        onChange={onChange}
        availableLabel={schoolName ? t`Classes in ${schoolName}` : t`Classes of the source school`}
        selectedLabel={t`Classes to copy`}
        availableEmptyText={classes.isSuccess && items.length === 0 ? t`This school has no classes.` : t`All classes are chosen.`}
        selectedEmptyText={t`Move classes here to copy them.`}
        loading={classes.isPending}
        filterable
        draggable
        invalid={unique.length > 0}
        errorId={errorId}
      />
      {unique.length > 0 && (
        <ul id={errorId} className="space-y-0.5 text-xs text-rose-600">
          {unique.map((message) => <li key={message}>{message}</li>)}
        </ul>
      )}
    </div>
  )
}
