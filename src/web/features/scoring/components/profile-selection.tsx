// The profile each passage language is scored with from now on (Arabic passages, read right to left, and all the
// others), with what the chosen profile does in plain words. Administrators change the choice; other roles read
// it. Sittings already recorded keep the profile version they were scored with.
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { PASSAGE_LANGUAGES } from '../../../../shared/reports/scoring-profile'
import type { PassageLanguage, ScoringProfile, ScoringSettings } from '../../../../shared/reports/scoring-profile'
import { ScoringSelectionSchema } from '../../../../shared/schemas/scoring'
import type { ScoringSelection } from '../../../../shared/schemas/scoring'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { Badge } from '../../../components/ui/badge'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import * as v from 'valibot'
import { selectionWrites } from '../mutations'
import { scoringSettingsQuery } from '../queries'
import { explainRules } from '../rule-texts'
import { PASSAGE_LABELS } from '../type-labels'

type Props = {
  canWrite: boolean
  /** The institution: the choice is one record of it. */
  institutionId: number
}

export function ProfileSelection({ canWrite, institutionId }: Props) {
  const settings = useQuery(scoringSettingsQuery())
  // The list below says why when the profiles are not there (loading, offline, an error).
  if (!settings.data) return null
  const { selected } = settings.data
  return canWrite
    ? <SelectionForm key={`${selected.ar}-${selected.en}`} settings={settings.data} institutionId={institutionId} />
    : <SelectionView settings={settings.data} />
}

function useProfileName() {
  const { t, i18n } = useLingui()
  return (profile: ScoringProfile) => {
    const name = i18n.locale === 'ar' ? profile.arabic_display_name : profile.display_name
    const version = profile.version
    return t`${name} (version ${version})`
  }
}

/** What the profile chosen for one passage language does. */
function ChosenRules({ profile, id }: { profile: ScoringProfile | undefined; id: string }) {
  const { i18n } = useLingui()
  if (!profile) return null
  return (
    <ul id={id} className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-600">
      {explainRules(i18n, profile.rules).map((text) => <li key={text}>{text}</li>)}
    </ul>
  )
}

function SelectionView({ settings }: { settings: ScoringSettings }) {
  const { i18n } = useLingui()
  const nameOf = useProfileName()
  return (
    <section aria-labelledby="profile-choice" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h3 id="profile-choice" className="text-base font-semibold text-slate-900"><Trans>Profile used for each passage language</Trans></h3>
      <dl className="mt-4 grid gap-6 md:grid-cols-2">
        {PASSAGE_LANGUAGES.map((lang) => {
          const profile = settings.profiles.find((p) => p.id === settings.selected[lang])
          return (
            <div key={lang}>
              <dt className="text-sm font-medium text-slate-700">{i18n._(PASSAGE_LABELS[lang])}</dt>
              <dd className="mt-1 text-sm text-slate-900">
                {profile ? nameOf(profile) : null}
                <ChosenRules profile={profile} id={`rules-${lang}`} />
              </dd>
            </div>
          )
        })}
      </dl>
    </section>
  )
}

function SelectionForm({ settings, institutionId }: { settings: ScoringSettings; institutionId: number }) {
  const { t, i18n } = useLingui()
  const nameOf = useProfileName()
  const save = selectionWrites.useSave()
  const pending = selectionWrites.usePendingRows().some((row) => row.rowId === institutionId)
  const outcome = useWriteOutcome({ fields: PASSAGE_LANGUAGES })
  const options = settings.profiles.map((p) => ({ value: String(p.id), label: nameOf(p) }))
  const form = useForm({
    defaultValues: settings.selected as ScoringSelection,
    validators: { onChange: ScoringSelectionSchema },
    onSubmit: async ({ value, formApi }) => {
      outcome.reset()
      const label = t`Scoring profiles for Arabic and other passages`
      const result = await save(value, { id: institutionId }, label)
      const state = await outcome.saved(result, {
        name: label,
        accepted: t`The scoring profiles were saved. New sittings are scored with them.`,
        queued: t`Saved on this device. The choice of scoring profiles will sync when the connection is back.`,
      })
      if (state === 'accepted' || state === 'queued') formApi.reset(value)
    },
  })
  const profileOf = (id: number) => settings.profiles.find((p) => p.id === id)

  return (
    <form noValidate aria-labelledby="profile-choice" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      onSubmit={(event) => { event.preventDefault(); void form.handleSubmit() }}>
      <div className="px-6 pt-5">
        <h3 id="profile-choice" className="text-base font-semibold text-slate-900"><Trans>Profile used for each passage language</Trans></h3>
        <p className="mt-1 text-sm text-slate-500"><Trans>New sittings are scored with the profile chosen for their passage. Sittings already recorded keep the profile version they were scored with.</Trans></p>
      </div>
      <div className="grid gap-6 px-6 py-5 md:grid-cols-2">
        {PASSAGE_LANGUAGES.map((lang: PassageLanguage) => (
          <div key={lang}>
            <form.Field name={lang}>
              {(field) => (
                <>
                  <SelectField field={field} label={i18n._(PASSAGE_LABELS[lang])} options={options} parse={Number}
                    serverErrors={outcome.fieldErrors[lang]} onEdited={() => outcome.clearField(lang)} />
                  <ChosenRules profile={profileOf(Number(field.state.value))} id={`rules-${lang}`} />
                </>
              )}
            </form.Field>
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-6 py-4">
        {pending && <Badge tone="pending"><Trans>Pending sync</Trans></Badge>}
        <form.Subscribe selector={(s) => [s.isDirty, s.isSubmitting, s.values] as const}>
          {([dirty, submitting, values]) => (
            <SubmitButton valid={dirty && v.is(ScoringSelectionSchema, values)} submitting={submitting}><Trans>Save choice</Trans></SubmitButton>
          )}
        </form.Subscribe>
      </div>
    </form>
  )
}
