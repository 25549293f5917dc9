// Adds a miscue type of the institution's own, or changes the institution's version of one (a default is changed
// for this institution only). Checked with the shared schemas as the user types; saved through the outbox (ADR 0040).
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { TextField } from '../../../components/form/text-field'
import { Button } from '../../../components/ui/button'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { typeConflictFields } from '../conflict-fields'
import { miscueTypeWrites } from '../mutations'
import { CLASS_CHOICES, LANGUAGE_CHOICES, typeSource } from '../type-labels'
import { TYPE_FIELDS, typeBody, typeIssues, typeValues } from '../type-values'
import type { ClassChoice, LanguageChoice } from '../type-values'
import { ColourField } from './colour-field'
import { NameFields } from './name-fields'

type Props = {
  /** The type to change; none: a new type. */
  type?: MiscueType
  /** Every type of the institution: the colour is checked against the ones offered on the same passages. */
  types: readonly MiscueType[]
  onDone: () => void
  onCancel: () => void
}

export function MiscueTypeForm({ type, types, onDone, onCancel }: Props) {
  const { t, i18n } = useLingui()
  const mode = type ? 'edit' : 'create'
  const save = miscueTypeWrites.useSave({ code: type?.code })
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(type)
  const outcome = useWriteOutcome({ fields: TYPE_FIELDS })
  const language = (value: LanguageChoice) => i18n._(LANGUAGE_CHOICES[value])
  const treatment = (value: ClassChoice) => i18n._(CLASS_CHOICES[value])
  const form = useForm({
    defaultValues: typeValues(type, types),
    validators: { onChange: ({ value }) => typeIssues(value, mode) },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const body = typeBody(value)
      const result = await save(body, base)
      const name = i18n.locale === 'ar' ? body.arabic_display_name.trim() : body.display_name.trim()
      const state = await outcome.saved(result, { name, accepted: type ? t`Miscue type “${name}” was saved.` : t`Miscue type “${name}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })
  const source = type ? typeSource(type) : 'own'

  return (
    <FormCard
      title={type ? <Trans>Edit miscue type</Trans> : <Trans>Add miscue type</Trans>}
      description={source === 'own'
        ? undefined
        : <Trans>A default type: your changes apply to your institution only. Sittings already recorded keep their marks and figures.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={!typeIssues(values, mode)} submitting={submitting}>
                {type ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      {!type && (
        <form.Field name="code">
          {(field) => <TextField field={field} label={t`Code`} dir="ltr" autoFocus
            hint={t`Lower-case English letters, digits and _ (for example sun_letters). It names the type in marks and cannot be changed later.`}
            serverErrors={outcome.fieldErrors.code} onEdited={() => outcome.clearField('code')} />}
        </form.Field>
      )}
      <form.Field name="display_name">
        {(english) => (
          <form.Field name="arabic_display_name">
            {(arabic) => <NameFields english={english} arabic={arabic} outcome={outcome} autoFocus={Boolean(type)} />}
          </form.Field>
        )}
      </form.Field>
      <form.Subscribe selector={(s) => [s.values.language, s.values.active] as const}>
        {([offeredOn, active]) => (
          <form.Field name="color_code">
            {(field) => <ColourField field={field} code={type?.code ?? ''} language={offeredOn} active={active} types={types}
              serverErrors={outcome.fieldErrors.color_code} onEdited={() => outcome.clearField('color_code')} />}
          </form.Field>
        )}
      </form.Subscribe>
      <div className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        <div className="p-4">
          <form.Field name="counts_as_error">
            {(field) => <SwitchField field={field} label={t`Counts as an error`} onEdited={() => outcome.clearField('counts_as_error')}
              hint={field.state.value
                ? t`A word marked with this type counts as read wrongly and lowers the accuracy.`
                : t`The mark is kept (like a repetition) but the word counts as read correctly.`} />}
          </form.Field>
        </div>
        <div className="p-4">
          <form.Field name="active">
            {(field) => <SwitchField field={field} label={t`Active`} onEdited={() => outcome.clearField('active')}
              hint={field.state.value
                ? t`Offered on the capture screen for new sittings.`
                : t`No longer offered for new sittings; sittings already recorded keep it.`} />}
          </form.Field>
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <form.Field name="language">
          {(field) => <SelectField field={field} label={t`Offered on`}
            options={(['all', 'ar', 'en'] as const).map((value) => ({ value, label: language(value) }))}
            hint={t`Arabic passages are the ones read right to left.`}
            serverErrors={outcome.fieldErrors.language} onEdited={() => outcome.clearField('language')} />}
        </form.Field>
        <form.Field name="scoring_class">
          {(field) => <SelectField field={field} label={t`Scoring profiles treat it as`}
            options={(['none', 'short_vowel', 'case_ending'] as const).map((value) => ({ value, label: treatment(value) }))}
            hint={t`Profiles such as EGRA Arabic set short-vowel and case-ending errors aside on words printed without vowel marks.`}
            serverErrors={outcome.fieldErrors.scoring_class} onEdited={() => outcome.clearField('scoring_class')} />}
        </form.Field>
      </div>
      <form.Field name="sort_order">
        {(field) => <TextField field={field} label={t`Position in the list`} dir="ltr"
          hint={t`Types are listed, and numbered on the capture screen, in this order (0 to 1000).`}
          serverErrors={outcome.fieldErrors.sort_order} onEdited={() => outcome.clearField('sort_order')} />}
      </form.Field>
      <FormConflictDialog writes={miscueTypeWrites} ctx={{ code: type?.code }} item={outcome.conflict} fields={typeConflictFields(i18n)}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
