// An institution's own scoring profile: its names and its four rules, each switch saying in plain words what it
// does in the position it is in. Changing the rules makes a new version; sittings keep the version they were
// scored with (ADR 0091). Saved through the outbox (ADR 0040).
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import { RULE_NAMES, STANDARD_RULES } from '../../../../shared/reports/scoring-profile'
import type { ScoringProfile, ScoringRules } from '../../../../shared/reports/scoring-profile'
import { ScoringProfileSchema } from '../../../../shared/schemas/scoring'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import { fieldIssues } from '../../../components/form/field-issues'
import { FormCard } from '../../../components/form/form-card'
import { SubmitButton } from '../../../components/form/submit-button'
import { SwitchField } from '../../../components/form/switch-field'
import { Button } from '../../../components/ui/button'
import { InfoIcon } from '../../../components/ui/icons'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { profileConflictFields } from '../conflict-fields'
import { profileWrites } from '../mutations'
import type { ProfileBody } from '../mutations'
import { RULE_TEXTS, ruleExplanation } from '../rule-texts'
import { NameFields } from './name-fields'

const FIELDS = ['display_name', 'arabic_display_name', ...RULE_NAMES.map((name) => `rules.${name}`)] as const

type Props = {
  /** The profile to change (one of the institution's own); none: a new profile. */
  profile?: ScoringProfile
  /** A new profile starts from this profile's rules (copying a built-in one). */
  from?: ScoringProfile
  onDone: () => void
  onCancel: () => void
}

function profileValues(profile?: ScoringProfile, from?: ScoringProfile): ProfileBody & { rules: ScoringRules } {
  return {
    display_name: profile?.display_name ?? '',
    arabic_display_name: profile?.arabic_display_name ?? '',
    rules: { ...STANDARD_RULES, ...(profile ?? from)?.rules },
  }
}

export function ProfileForm({ profile, from, onDone, onCancel }: Props) {
  const { t, i18n } = useLingui()
  const save = profileWrites.useSave()
  const [base] = useState(profile)
  const outcome = useWriteOutcome({ fields: FIELDS })
  const form = useForm({
    defaultValues: profileValues(profile, from),
    validators: { onChange: ({ value }) => fieldIssues(ScoringProfileSchema, value) },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const result = await save(value, base)
      const name = (i18n.locale === 'ar' ? value.arabic_display_name : value.display_name).trim()
      const state = await outcome.saved(result, { name, accepted: profile ? t`Scoring profile “${name}” was saved.` : t`Scoring profile “${name}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })
  const fromName = from ? (i18n.locale === 'ar' ? from.arabic_display_name : from.display_name) : ''
  const version = profile?.version ?? 0
  const nextVersion = version + 1

  return (
    <FormCard
      title={profile ? <Trans>Edit scoring profile</Trans> : <Trans>Add scoring profile</Trans>}
      description={from && !profile ? <Trans>Starting from the rules of “{fromName}”.</Trans> : undefined}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={!fieldIssues(ScoringProfileSchema, values)} submitting={submitting}>
                {profile ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <form.Field name="display_name">
        {(english) => (
          <form.Field name="arabic_display_name">
            {(arabic) => <NameFields english={english} arabic={arabic} outcome={outcome} autoFocus />}
          </form.Field>
        )}
      </form.Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700"><Trans>Rules</Trans></legend>
        <div className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
          {RULE_NAMES.map((name) => (
            <div key={name} className="p-4">
              <form.Field name={`rules.${name}`}>
                {(field) => <SwitchField field={field} label={i18n._(RULE_TEXTS[name].label)}
                  hint={ruleExplanation(i18n, name, Boolean(field.state.value))} onEdited={() => outcome.clearField(`rules.${name}`)} />}
              </form.Field>
            </div>
          ))}
        </div>
      </fieldset>
      {profile && (
        <p className="flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
          <InfoIcon className="size-5 shrink-0" />
          <span><Trans>This is version {version}. Changing the rules makes version {nextVersion}; sittings already recorded keep the version they were scored with.</Trans></span>
        </p>
      )}
      <FormConflictDialog writes={profileWrites} ctx={undefined} item={outcome.conflict} fields={profileConflictFields(i18n)}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
