import { Trans, useLingui } from '@lingui/react/macro'
import type { I18n } from '@lingui/core'
import { useForm } from '@tanstack/react-form'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { SECONDS_OPTIONS } from '../../../../shared/schemas/assessment'
import type { Assessment } from '../../../../shared/schemas/assessment'
import { api } from '../../../../shared/api'
import { CheckboxTableField } from '../../../components/form/checkbox-table-field'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { downloadFile } from '../../../lib/api/download'
import { describeError } from '../../../lib/api/error-messages'
import { validationMessage } from '../../../lib/i18n/validation-messages'
import type { ValidationIssue } from '../../../lib/i18n/validation-messages'
import { showToast } from '../../../lib/notify/toasts'
import {
  MINUTE_OPTIONS, afterSkill, afterSubject, afterType, assessmentToValues, directionOf, displayCodeOf, displayTypesOf,
  emptyAssessmentValues, nameOf, parentTypeOf, skillsOf, toAssessmentInput, typesOf, validateAssessment,
} from '../assessment-rules'
import type { AssessmentDependencies, AssessmentFormValues } from '../assessment-rules'
import { assessmentWrites } from '../mutations'
import { parentOptionsQuery } from '../queries'
import { ContentField } from './content-field'
import { PdfField } from './pdf-field'
import { ComprehensionField } from './comprehension-field'

const FIELDS = [
  'title', 'subject', 'language_title', 'skill_type', 'assessment_type', 'assessment_parent', 'content_display_type',
  'content', 'minutes', 'seconds', 'levels', 'pdf', 'comprehension',
] as const

const toId = (value: string): number | null => (value === '' ? null : Number(value))

function fieldMessages(i18n: I18n, field: AnyFieldApi): string[] {
  if (!field.state.meta.isTouched) return []
  const issues = (field.state.meta.errors as unknown[]).filter(Boolean)
  return [...new Set(issues.map((issue) => validationMessage(i18n, issue as ValidationIssue | string)))]
}

/** Add mode without an assessment, edit mode with one (spec §4). */
/** The title hint's two parameters, 1 and 4, as the spec gives them (§5; docs/adr/0062-assessment-content-with-pdf.md). */
const TITLE_MIN_WORDS = 1
const TITLE_MIN_CHARACTERS = 4

export function AssessmentForm({ deps, assessment, onDone, onCancel }: {
  deps: AssessmentDependencies
  assessment?: Assessment
  onDone: () => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const save = assessmentWrites.useSave()
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(assessment)
  const outcome = useWriteOutcome({ fields: FIELDS })
  const ctx = { deps, hasStoredPdf: Boolean(assessment?.pdf_url) }
  const conflictFields: ConflictField[] = [
    { key: 'title', label: t`Title` },
    { key: 'language_title', label: t`Title in the content language` },
    { key: 'content', label: t`Content` },
    { key: 'minutes', label: t`Minutes` },
    { key: 'seconds', label: t`Seconds` },
  ]
  const form = useForm({
    defaultValues: assessment ? assessmentToValues(assessment) : emptyAssessmentValues(),
    validators: {
      onChange: ({ value }) => {
        const fields = validateAssessment(value, ctx)
        return fields ? { fields } : undefined
      },
    },
    onSubmit: async ({ value }) => {
      outcome.reset()
      if (validateAssessment(value, ctx) !== null) return
      const input = toAssessmentInput(value, deps)
      const result = await save(input, base)
      const title = input.title
      const state = await outcome.saved(result, { name: title, accepted: assessment ? t`Assessment “${title}” was saved.` : t`Assessment “${title}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })

  /** Applies the cascade of spec §4 without marking the reset fields as touched. */
  const apply = (changes: Partial<AssessmentFormValues>) => {
    for (const [key, value] of Object.entries(changes)) {
      form.setFieldValue(key as keyof AssessmentFormValues, value as never, { dontUpdateMeta: true })
      outcome.clearField(key)
    }
  }

  const option = (item: { id: number; display_name: string; arabic_display_name: string }) => ({ value: String(item.id), label: nameOf(item, locale) })
  const openStoredPdf = () => {
    if (!assessment) return
    void downloadFile({ path: api.assessmentPdf(assessment.id) }).catch((error: unknown) => showToast('error', describeError(i18n, error).join(' ')))
  }

  return (
    <FormCard
      title={assessment ? <Trans>Edit assessment</Trans> : <Trans>Add assessment</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={validateAssessment(values, ctx) === null} submitting={submitting}>
                {assessment ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <form.Field name="title">
        {(field) => <TextField field={field} label={t`Title`} autoFocus dir="auto" hint={t`At least ${TITLE_MIN_WORDS} word and ${TITLE_MIN_CHARACTERS} characters.`}
          serverErrors={outcome.fieldErrors.title} onEdited={() => outcome.clearField('title')} />}
      </form.Field>

      <form.Subscribe selector={(s) => s.values}>
        {(values) => {
          const direction = directionOf(deps, values.subject)
          const parentType = parentTypeOf(deps, values.assessment_type)
          const display = displayCodeOf(deps, values.content_display_type)
          return (
            <>
              <div className="grid gap-5 sm:grid-cols-2">
                <form.Field name="subject">
                  {(field) => <SelectField field={field} label={t`Subject`} placeholder={t`Choose a subject`}
                    options={deps.subjects.map(option)} parse={toId}
                    serverErrors={outcome.fieldErrors.subject} onEdited={() => outcome.clearField('subject')}
                    onValueChange={(value) => apply(afterSubject(deps, value as number | null))} />}
                </form.Field>
                <form.Field name="language_title">
                  {(field) => <TextField field={field} label={t`Title in the content language`} dir={direction}
                    serverErrors={outcome.fieldErrors.language_title} onEdited={() => outcome.clearField('language_title')} />}
                </form.Field>
                <form.Field name="skill_type">
                  {(field) => <SelectField field={field} label={t`Skill`} placeholder={values.subject === null ? t`Choose a subject first` : t`Choose a skill`}
                    options={skillsOf(deps, values.subject).map(option)} parse={toId} disabled={values.subject === null}
                    serverErrors={outcome.fieldErrors.skill_type} onEdited={() => outcome.clearField('skill_type')}
                    onValueChange={(value) => apply(afterSkill(deps, value as number | null))} />}
                </form.Field>
                <form.Field name="assessment_type">
                  {(field) => <SelectField field={field} label={t`Assessment type`} placeholder={values.skill_type === null ? t`Choose a skill first` : t`Choose a type`}
                    options={typesOf(deps, values.skill_type).map(option)} parse={toId} disabled={values.skill_type === null}
                    serverErrors={outcome.fieldErrors.assessment_type} onEdited={() => outcome.clearField('assessment_type')}
                    onValueChange={(value) => apply(afterType(deps, value as number | null))} />}
                </form.Field>
                {parentType !== null && (
                  <form.Field name="assessment_parent">
                    {(field) => <ParentSelect field={field} parentType={parentType} excludeId={assessment?.id}
                      serverErrors={outcome.fieldErrors.assessment_parent} onEdited={() => outcome.clearField('assessment_parent')} />}
                  </form.Field>
                )}
                <form.Field name="content_display_type">
                  {(field) => <SelectField field={field} label={t`Content display type`}
                    placeholder={values.assessment_type === null ? t`Choose a type first` : t`Choose how the content is shown`}
                    options={displayTypesOf(deps, values.assessment_type).map(option)} parse={toId} disabled={values.assessment_type === null}
                    serverErrors={outcome.fieldErrors.content_display_type} onEdited={() => outcome.clearField('content_display_type')} />}
                </form.Field>
              </div>

              <form.Field name="content">
                {(field) => <ContentField field={field} label={t`Content`} direction={direction}
                  hint={display === 'pdf' ? t`Needed with a PDF too: the text the teacher marks while the pupil reads from the PDF.` : undefined}
                  serverErrors={outcome.fieldErrors.content} onEdited={() => outcome.clearField('content')} />}
              </form.Field>

              {display === 'pdf' && (
                <form.Field name="pdf">
                  {(field) => (
                    <PdfField
                      label={t`PDF file`}
                      required={!assessment?.pdf_url}
                      stored={assessment?.pdf_url ? { name: assessment.pdf_name ?? t`assessment.pdf` } : null}
                      onStoredOpen={openStoredPdf}
                      messages={[...fieldMessages(i18n, field), ...(outcome.fieldErrors.pdf ?? [])]}
                      onChange={(dataUrl) => {
                        field.handleChange(dataUrl)
                        field.handleBlur()
                        outcome.clearField('pdf')
                      }}
                    />
                  )}
                </form.Field>
              )}
            </>
          )
        }}
      </form.Subscribe>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700"><Trans>Duration</Trans></legend>
        <div className="grid grid-cols-2 gap-5">
          <form.Field name="minutes">
            {(field) => <SelectField field={field} label={t`Minutes`} parse={Number}
              options={MINUTE_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
              serverErrors={outcome.fieldErrors.minutes} onEdited={() => outcome.clearField('minutes')} />}
          </form.Field>
          <form.Field name="seconds">
            {(field) => <SelectField field={field} label={t`Seconds`} parse={Number}
              options={SECONDS_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
              serverErrors={outcome.fieldErrors.seconds} onEdited={() => outcome.clearField('seconds')} />}
          </form.Field>
        </div>
      </fieldset>

      <form.Subscribe selector={(s) => s.values.subject}>
        {(subject) => (
          <form.Field name="comprehension">
            {(field) => <ComprehensionField field={field} direction={directionOf(deps, subject)}
              messages={[...fieldMessages(i18n, field), ...(outcome.fieldErrors.comprehension ?? [])]} />}
          </form.Field>
        )}
      </form.Subscribe>

      <form.Field name="levels">
        {(field) => <CheckboxTableField field={field} label={t`Levels`} columnLabel={t`Level`}
          items={deps.levels.map((level) => ({ id: level.id, label: nameOf(level, locale) }))}
          serverErrors={outcome.fieldErrors.levels} onEdited={() => outcome.clearField('levels')} />}
      </form.Field>
      <FormConflictDialog writes={assessmentWrites} ctx={undefined} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}

/** The parent assessment, chosen among the assessments of the type's parent type (required then). */
function ParentSelect({ field, parentType, excludeId, serverErrors, onEdited }: {
  field: AnyFieldApi
  parentType: number
  excludeId?: number
  serverErrors?: readonly string[]
  onEdited: () => void
}) {
  const { t, i18n } = useLingui()
  const parents = useQuery(parentOptionsQuery(parentType))
  const options = (parents.data ?? []).filter((p) => p.id !== excludeId).map((p) => ({ value: String(p.id), label: p.title }))
  const empty = parents.isSuccess && options.length === 0
  return (
    <div className="space-y-1">
      <SelectField field={field} label={t`Parent assessment`} parse={toId} loading={parents.isPending}
        placeholder={parents.isPending ? t`Loading…` : t`Choose the parent assessment`}
        options={options} serverErrors={serverErrors} onEdited={onEdited}
        hint={empty ? t`No assessment of the parent type exists yet: add that one first.` : undefined} />
      {parents.isError && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-xs text-rose-600">
          {describeError(i18n, parents.error).join(' ')}
          <button type="button" className="font-medium underline" onClick={() => void parents.refetch()}><Trans>Try again</Trans></button>
        </p>
      )}
    </div>
  )
}
