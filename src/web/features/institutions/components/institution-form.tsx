// The institution form (spec §2, §4, §5): account info, address, student-ID validation settings, the
// administrator, and on edit the institution's assessments. Add mode creates the institution and its
// first administrator in one call; edit mode saves the institution, then the administrator if changed.
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Institution } from '../../../../shared/schemas/institution'
import { CUSTOM_DESCRIPTION_MAX, CUSTOM_REGEX_MAX, STUDENT_ID_TYPES, customRegexProblem } from '../../../../shared/rules/student-id'
import { CODES } from '../../../../shared/schemas/codes'
import type { StudentIdType } from '../../../../shared/rules/student-id'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import type { ConflictField } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { SubmitButton } from '../../../components/form/submit-button'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { SwitchField } from '../../../components/form/switch-field'
import { Button } from '../../../components/ui/button'
import { showToast } from '../../../lib/notify/toasts'
import type { InstitutionFormInput } from '../institution-form-values'
import {
  INSTITUTION_FIELDS, InstitutionFormSchema, adminFieldName, isValidForm, toCreateBody, toEditBodies, toFormValues,
} from '../institution-form-values'
import { institutionAdminWrites, institutionWrites } from '../mutations'
import { institutionAssessmentsQuery } from '../queries'
import { CountryField } from './country-field'
import { FormSection, InputField, SelectField, TextAreaField } from './form-fields'
import { InstitutionAssessments } from './institution-assessments'

const upper = (value: string) => value.toUpperCase()
const REGEX_EXAMPLE = '[A-Z]{2}[0-9]{6}'

function customRegexIssue(pattern: string) {
  if (pattern.trim() === '') return { message: CODES.required }
  if (pattern.length > CUSTOM_REGEX_MAX) return { message: CODES.tooLong, requirement: CUSTOM_REGEX_MAX }
  const problem = customRegexProblem(pattern)
  return problem ? { message: problem } : undefined
}

export function InstitutionForm({ institution, onDone, onCancel }: {
  institution?: Institution
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const save = institutionWrites.useSave()
  const saveAdmin = institutionAdminWrites.useSave({ institutionId: institution?.id ?? 0 })
  // The version the user starts from: its stamp goes with the save even if a fresher copy arrives meanwhile.
  const [base] = useState(institution)
  const outcome = useWriteOutcome({ fields: INSTITUTION_FIELDS })
  const editing = institution !== undefined
  const assessments = useQuery({ ...institutionAssessmentsQuery(institution?.id ?? 0), enabled: editing })

  const form = useForm({
    defaultValues: toFormValues(institution) as InstitutionFormInput,
    validators: { onChange: InstitutionFormSchema },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const name = value.organization_name.trim()
      if (!institution) {
        const body = toCreateBody(value)
        const email = body.admin.email
        const state = await outcome.saved(await save(body), {
          name,
          accepted: t`Institution “${name}” was created. An invitation to set a password was mailed to ${email}.`,
          queued: t`Saved on this device. “${name}” will be created when the connection is back.`,
        })
        if (state === 'accepted' || state === 'queued') onDone()
        return
      }

      const bodies = toEditBodies(value, institution)
      const saved = await save(bodies.institution, base)
      if (await outcome.refused(saved)) return
      let queued = saved.state === 'queued'
      if (bodies.admin) {
        const admin = await saveAdmin(bodies.admin, institution.admin ? { id: institution.admin.id } : undefined)
        // The institution itself is saved; only the administrator's details need fixing.
        const lead = [t`The institution was saved, but its administrator could not be:`]
        if (await outcome.refused(admin, { lead, renameField: adminFieldName })) return
        queued ||= admin.state === 'queued'
      }
      if (queued) showToast('info', t`Saved on this device. “${name}” will sync when the connection is back.`)
      else showToast('success', t`Institution “${name}” was saved.`)
      onDone()
    },
  })

  const conflictFields: ConflictField[] = [
    { key: 'organization_name', label: t`Organization name` },
    { key: 'acronym', label: t`Acronym`, dir: 'ltr' },
    { key: 'account_number', label: t`Account number`, dir: 'ltr' },
    { key: 'domain_url', label: t`Domain URL`, dir: 'ltr' },
    { key: 'about', label: t`About` },
    { key: 'student_id_validation_type', label: t`Validation type`, format: (type) => typeLabels[type as StudentIdType] ?? String(type ?? '') },
  ]

  const fieldProps = (name: (typeof INSTITUTION_FIELDS)[number]) => ({
    serverErrors: outcome.fieldErrors[name],
    onEdited: () => outcome.clearField(name),
  })

  const typeLabels: Record<StudentIdType, string> = {
    EMIRATES_ID: t`Emirates ID (784-YYYY-NNNNNNN-N)`,
    EMIRATES_ID_OR_TEMPORARY: t`Emirates ID or temporary ID (acronym-XXXXX)`,
    CUSTOM_REGEX: t`Custom pattern (regular expression)`,
    NONE: t`No check (any non-empty ID)`,
  }

  return (
    <FormCard
      title={editing ? <Trans>Edit institution</Trans> : <Trans>Add institution</Trans>}
      description={editing
        ? <Trans>The sub-domain cannot be changed once the institution exists.</Trans>
        : <Trans>The institution and its administrator are created together; the administrator receives an invitation mail to set a password.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={isValidForm(values)} submitting={submitting}>
                {editing ? <Trans>Save</Trans> : <Trans>Create</Trans>}
              </SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >

      <FormSection title={<Trans>Account information</Trans>}>
        <form.Field name="organization_name">
          {(field) => <InputField field={field} label={t`Organization name`} required autoFocus={!editing} dir="auto" {...fieldProps('organization_name')} />}
        </form.Field>
        <form.Field name="subdomain_name">
          {(field) => (
            <InputField field={field} label={t`Sub-domain`} required={!editing} readOnly={editing} dir="ltr"
              autoComplete="off" transform={(s) => s.toLowerCase()}
              hint={editing ? <Trans>Read-only: the institution is reached at this sub-domain.</Trans>
                : <Trans>At least 3 characters: letters, digits, _ or -. The institution is reached at this sub-domain.</Trans>}
              {...fieldProps('subdomain_name')} />
          )}
        </form.Field>
        <form.Field name="acronym">
          {(field) => (
            <InputField field={field} label={t`Acronym`} required transform={upper} dir="ltr" autoComplete="off"
              hint={<Trans>Up to 10 uppercase letters; used in temporary student IDs.</Trans>} {...fieldProps('acronym')} />
          )}
        </form.Field>
        <form.Field name="account_number">
          {(field) => <InputField field={field} label={t`Account number`} dir="ltr" {...fieldProps('account_number')} />}
        </form.Field>
        <form.Field name="domain_url">
          {(field) => <InputField field={field} label={t`Domain URL`} type="url" dir="ltr" inputMode="url" {...fieldProps('domain_url')} className="sm:col-span-2" />}
        </form.Field>
        <form.Field name="about">
          {(field) => <TextAreaField field={field} label={t`About`} dir="auto" {...fieldProps('about')} className="sm:col-span-2" />}
        </form.Field>
        {!institution && (
          <form.Field name="has_multiple_school">
            {(field) => (
              <div className="sm:col-span-2">
                <SwitchField field={field} label={t`Several schools`}
                  hint={t`Off for an institution with a single school: nobody is offered a school selector. It cannot be changed later.`} />
              </div>
            )}
          </form.Field>
        )}
        {institution && (
          <p className="text-sm text-slate-600 sm:col-span-2">
            {institution.has_multiple_school
              ? <Trans>This institution may have several schools (not editable).</Trans>
              : <Trans>This institution has a single school (not editable).</Trans>}
          </p>
        )}
      </FormSection>

      <FormSection title={<Trans>Address</Trans>}>
        <form.Field name="address.country">
          {(field) => <CountryField field={field} label={t`Country`} required {...fieldProps('address.country')} />}
        </form.Field>
        <form.Field name="address.state">
          {(field) => <InputField field={field} label={t`State or emirate`} dir="auto" {...fieldProps('address.state')} />}
        </form.Field>
        <form.Field name="address.city">
          {(field) => <InputField field={field} label={t`City`} dir="auto" {...fieldProps('address.city')} />}
        </form.Field>
        <form.Field name="address.zipcode">
          {(field) => <InputField field={field} label={t`Zip code`} dir="ltr" {...fieldProps('address.zipcode')} />}
        </form.Field>
      </FormSection>

      <FormSection title={<Trans>Student ID validation settings</Trans>}
        description={<Trans>How the student ID (enrollment code) of this institution's students is checked.</Trans>}>
        <form.Field name="student_id_validation_type"
          listeners={{
            onChange: ({ value }) => {
              // The custom pattern only means something for CUSTOM_REGEX: any other choice clears it.
              if (value !== 'CUSTOM_REGEX') {
                form.setFieldValue('student_id_custom_regex', '')
                form.setFieldValue('student_id_custom_description', '')
              }
            },
          }}>
          {(field) => (
            <SelectField field={field} label={t`Validation type`} required className="sm:col-span-2"
              options={STUDENT_ID_TYPES.map((type) => ({ value: type, label: typeLabels[type] }))}
              {...fieldProps('student_id_validation_type')} />
          )}
        </form.Field>
        <form.Subscribe selector={(s) => [s.values.student_id_validation_type, s.values.acronym] as const}>
          {([type, acronym]) => {
            const sample = `${acronym || 'ABC'}-00042`
            return type === 'CUSTOM_REGEX' ? (
            <>
              <form.Field name="student_id_custom_regex" validators={{
                // The form schema checks the pattern only once every other field is valid; this says
                // at once when a pattern is missing, does not compile or could backtrack badly.
                onChange: ({ value, fieldApi }) =>
                  fieldApi.form.getFieldValue('student_id_validation_type') === 'CUSTOM_REGEX' ? customRegexIssue(value ?? '') : undefined,
              }}>
                {(field) => (
                  <InputField field={field} label={t`Custom pattern (regular expression)`} required dir="ltr" autoComplete="off"
                    className="sm:col-span-2"
                    hint={<Trans>Up to {CUSTOM_REGEX_MAX} characters. The whole ID must match, e.g. <span dir="ltr">{REGEX_EXAMPLE}</span>.</Trans>}
                    {...fieldProps('student_id_custom_regex')} />
                )}
              </form.Field>
              <form.Field name="student_id_custom_description">
                {(field) => (
                  <InputField field={field} label={t`Pattern description`} dir="auto" className="sm:col-span-2"
                    hint={<Trans>Shown to users who enter a student ID; up to {CUSTOM_DESCRIPTION_MAX} characters.</Trans>}
                    {...fieldProps('student_id_custom_description')} />
                )}
              </form.Field>
            </>
          ) : (
            <p className="text-xs text-slate-500 sm:col-span-2">
              {type === 'EMIRATES_ID' && <Trans>15 digits starting with 784, written 784-YYYY-NNNNNNN-N or without dashes.</Trans>}
              {type === 'EMIRATES_ID_OR_TEMPORARY' && (
                <Trans>An Emirates ID, or a temporary ID: the acronym, a dash and five digits (e.g. <span dir="ltr">{sample}</span>).</Trans>
              )}
              {type === 'NONE' && <Trans>Any non-empty student ID is accepted.</Trans>}
            </p>
          )
          }}
        </form.Subscribe>
      </FormSection>

      <FormSection title={<Trans>Administrator details</Trans>}
        description={editing
          ? <Trans>The institution's administrator. Changes are saved with the institution.</Trans>
          : <Trans>An invitation to set a password is mailed to this address.</Trans>}>
        <form.Field name="admin.first_name">
          {(field) => <InputField field={field} label={t`First name`} required dir="auto" autoComplete="off" {...fieldProps('admin.first_name')} />}
        </form.Field>
        <form.Field name="admin.last_name">
          {(field) => <InputField field={field} label={t`Last name`} required dir="auto" autoComplete="off" {...fieldProps('admin.last_name')} />}
        </form.Field>
        <form.Field name="admin.email">
          {(field) => <InputField field={field} label={t`Email`} type="email" required dir="ltr" autoComplete="off" {...fieldProps('admin.email')} />}
        </form.Field>
        <form.Field name="admin.userprofile.phone_number">
          {(field) => (
            <InputField field={field} label={t`Phone number`} type="tel" dir="ltr" inputMode="tel"
              hint={<Trans>4 to 30 characters: digits, spaces, + and -.</Trans>} {...fieldProps('admin.userprofile.phone_number')} />
          )}
        </form.Field>
      </FormSection>

      {editing && (
        <InstitutionAssessments assessments={assessments.data} error={assessments.error}
          onRetry={() => void assessments.refetch()} />
      )}
      <FormConflictDialog writes={institutionWrites} ctx={undefined} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
