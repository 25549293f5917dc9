import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import * as v from 'valibot'
import { SchoolSchema } from '../../../../shared/schemas/school'
import type { School, SchoolInput } from '../../../../shared/schemas/school'
import type { CountryOption } from '../../../../shared/schemas/institution'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { FormErrors } from '../../../components/form/form-errors'
import { SelectField } from '../../../components/form/select-field'
import type { SelectOption } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { RefreshIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { schoolWrites } from '../mutations'
import { countriesQuery } from '../queries'

const FIELDS = [
  'identifier', 'display_name', 'arabic_display_name', 'phone_number', 'school_address', 'school_address.country',
  'school_address.state', 'school_address.city', 'school_address.street', 'school_address.zipcode',
] as const

/** Country choices named in the interface language and sorted in it; a stored code not in the list stays choosable. */
export function countryOptions(countries: readonly CountryOption[], locale: string, current?: string): SelectOption[] {
  const arabic = locale.startsWith('ar')
  const options = countries
    .map((c) => ({ value: c.code, label: arabic ? c.name_ar : c.name_en }))
    .sort((a, b) => a.label.localeCompare(b.label, arabic ? 'ar' : 'en'))
  if (current && !options.some((o) => o.value === current)) options.unshift({ value: current, label: current })
  return options
}

/** Add mode without a school, edit mode with one (spec §2 "School form"). */
export function SchoolForm({ school, onDone, onCancel }: {
  school?: School
  onDone: () => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const save = schoolWrites.useSave()
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(school)
  const outcome = useWriteOutcome({ fields: FIELDS })
  const countries = useQuery(countriesQuery())
  const address = school?.school_address
  const defaultValues: SchoolInput = {
    identifier: school?.identifier ?? '',
    display_name: school?.display_name ?? '',
    arabic_display_name: school?.arabic_display_name ?? '',
    phone_number: school?.phone_number ?? '',
    school_address: {
      country: address?.country ?? '',
      state: address?.state ?? '',
      city: address?.city ?? '',
      street: address?.street ?? '',
      zipcode: address?.zipcode ?? '',
    },
  }
  const form = useForm({
    defaultValues,
    validators: { onChange: SchoolSchema },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(SchoolSchema, value)
      const result = await save(input, base)
      const name = input.display_name
      const state = await outcome.saved(result, { name: name, accepted: school ? t`School “${name}” was saved.` : t`School “${name}” was created.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })

  const addressOf = (record: { school_address?: SchoolInput['school_address'] | null }) => record.school_address ?? undefined
  const conflictFields: ConflictField[] = [
    { key: 'identifier', label: t`Identifier` },
    { key: 'display_name', label: t`School name` },
    { key: 'arabic_display_name', label: t`Arabic school name`, dir: 'rtl' },
    { key: 'phone_number', label: t`Phone number`, dir: 'ltr' },
    { key: 'country', label: t`Country`, mine: (b) => addressOf(b)?.country, theirs: (c) => addressOf(c)?.country },
    { key: 'state', label: t`State`, mine: (b) => addressOf(b)?.state, theirs: (c) => addressOf(c)?.state },
    { key: 'city', label: t`City`, mine: (b) => addressOf(b)?.city, theirs: (c) => addressOf(c)?.city },
    { key: 'street', label: t`Street`, mine: (b) => addressOf(b)?.street, theirs: (c) => addressOf(c)?.street },
    { key: 'zipcode', label: t`Zip code`, mine: (b) => addressOf(b)?.zipcode, theirs: (c) => addressOf(c)?.zipcode },
  ]

  const options = useMemo(
    () => countryOptions(countries.data ?? [], i18n.locale, address?.country),
    [countries.data, i18n.locale, address?.country],
  )

  const text = (name: Exclude<(typeof FIELDS)[number], 'school_address' | 'school_address.country'>, label: string,
    extra: Pick<Parameters<typeof TextField>[0], 'autoFocus' | 'dir' | 'autoComplete'> = {}) => (
    <form.Field name={name}>
      {(field) => <TextField field={field} label={label} serverErrors={outcome.fieldErrors[name]}
        onEdited={() => outcome.clearField(name)} {...extra} />}
    </form.Field>
  )

  return (
    <FormCard
      title={school ? <Trans>Edit school</Trans> : <Trans>Add school</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(SchoolSchema, values)} submitting={submitting}>
                {school ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">{text('identifier', t`Identifier`, { autoFocus: true })}</div>
        {text('display_name', t`School name`)}
        {text('arabic_display_name', t`Arabic school name`, { dir: 'rtl' })}
        {text('phone_number', t`Phone number`, { dir: 'ltr', autoComplete: 'tel' })}
      </div>

      <fieldset className="rounded-lg border border-slate-200 px-4 pt-1 pb-4">
        <legend className="px-1 text-sm font-semibold text-slate-800"><Trans>Address</Trans></legend>
        <div className="space-y-5">
          <FormErrors messages={outcome.fieldErrors.school_address ?? []} />
          <form.Field name="school_address.country">
            {(field) => (
              <div className="space-y-2">
                <SelectField field={field} label={t`Country`} options={options} placeholder={t`Select a country`}
                  loading={countries.isPending} serverErrors={outcome.fieldErrors['school_address.country']}
                  onEdited={() => outcome.clearField('school_address.country')} />
                {countries.isError && (
                  <div role="alert" className="flex flex-wrap items-center gap-2 text-xs text-rose-700">
                    <span>{t`The country list could not be loaded.`} {describeError(i18n, countries.error).join(' ')}</span>
                    <Button variant="ghost" size="sm" icon={<RefreshIcon className="size-4" />} onClick={() => void countries.refetch()}>
                      <Trans>Try again</Trans>
                    </Button>
                  </div>
                )}
              </div>
            )}
          </form.Field>
          <div className="grid gap-5 sm:grid-cols-2">
            {text('school_address.state', t`State`)}
            {text('school_address.city', t`City`)}
            {text('school_address.street', t`Street`)}
            {text('school_address.zipcode', t`Zip code`, { dir: 'ltr' })}
          </div>
        </div>
      </fieldset>
      <FormConflictDialog writes={schoolWrites} ctx={undefined} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
