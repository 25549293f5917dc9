import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import type { StandardSchemaV1 } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import * as v from 'valibot'
import { ClassSchema } from '../../../../shared/schemas/class'
import type { SchoolClass } from '../../../../shared/schemas/class'
import { CheckboxTableField } from '../../../components/form/checkbox-table-field'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { Button } from '../../../components/ui/button'
import { InfoTooltip } from '../../../components/ui/info-tooltip'
import { describeError } from '../../../lib/api/error-messages'
import { classWrites } from '../mutations'
import { gradeOptionsQuery, sectionOptionsQuery, subjectOptionsQuery, teacherOptionsQuery } from '../queries'
import { useClassConflictFields } from './class-conflict-fields'
import { subjectName } from './subject-name'

const FIELDS = ['identifier', 'class_name', 'grade', 'section', 'subjects', 'teachers'] as const

/** The form checks everything but the year (the selected one) and the version stamp (the loaded one). */
const ClassFormSchema = v.omit(ClassSchema, ['academic_year', 'updated_at'])

type ClassFormValues = {
  identifier: string
  class_name: string
  grade: number | null
  section: number | null
  subjects: number[]
  teachers: number[]
}

/** The form holds null for "nothing chosen yet" where the schema wants an id; the schema reports it as required. */
const validateClass = ClassFormSchema as unknown as StandardSchemaV1<ClassFormValues, unknown>

const toId = (value: string) => (value === '' ? null : Number(value))

/** Add mode without a class, edit mode with one (spec §2 "Class form"); scoped to the selected school and year. */
export function ClassForm({ schoolId, yearId, schoolClass, onDone, onCancel }: {
  schoolId: number
  yearId: number
  schoolClass?: SchoolClass
  onDone: () => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const save = classWrites.useSave({ schoolId })
  const outcome = useWriteOutcome({ fields: FIELDS })
  const conflictFields = useClassConflictFields(schoolId)
  const grades = useQuery(gradeOptionsQuery(schoolId))
  const sections = useQuery(sectionOptionsQuery(schoolId))
  const subjects = useQuery(subjectOptionsQuery())
  const teachers = useQuery(teacherOptionsQuery(schoolId))

  // The version the user starts from: its values fill the form and its stamp goes with the save, even if a
  // fresher copy arrives meanwhile (then the server reports the conflict instead of overwriting silently).
  const [base] = useState(schoolClass)
  const defaultValues: ClassFormValues = {
    identifier: base?.identifier ?? '',
    class_name: base?.display_name ?? '',
    grade: base?.grade_id ?? null,
    section: base?.section_id ?? null,
    subjects: base?.subjects ?? [],
    teachers: base?.teachers ?? [],
  }
  const form = useForm({
    defaultValues,
    validators: { onChange: validateClass },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(ClassFormSchema, value)
      const result = await save({ ...input, academic_year: yearId }, base)
      const name = input.class_name
      const state = await outcome.saved(result, { name, accepted: schoolClass ? t`Class “${name}” was saved.` : t`Class “${name}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })

  const loadError = (error: unknown) => describeError(i18n, error).join(' ')
  const minHint = (
    <InfoTooltip label={t`About this field`}>
      <Trans>At least 4 characters recommended.</Trans>
    </InfoTooltip>
  )

  return (
    <>
      <FormCard
        title={schoolClass ? <Trans>Edit class</Trans> : <Trans>Add class</Trans>}
        onSubmit={() => void form.handleSubmit()}
        actions={
          <>
            <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
            <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
              {([values, submitting]) => (
                <SubmitButton valid={v.is(ClassFormSchema, values)} submitting={submitting}>
                  {schoolClass ? <Trans>Save</Trans> : <Trans>Create</Trans>}
                </SubmitButton>
              )}
            </form.Subscribe>
          </>
        }
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <form.Field name="identifier">
            {(field) => <TextField field={field} label={t`Identifier`} autoFocus labelAddon={minHint}
              serverErrors={outcome.fieldErrors.identifier} onEdited={() => outcome.clearField('identifier')} />}
          </form.Field>
          <form.Field name="class_name">
            {(field) => <TextField field={field} label={t`Class name`} labelAddon={minHint}
              serverErrors={outcome.fieldErrors.class_name} onEdited={() => outcome.clearField('class_name')} />}
          </form.Field>
          <form.Field name="grade">
            {(field) => (
              <SelectField field={field} label={t`Grade`} placeholder={t`Select grade`} parse={toId}
                options={(grades.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                loading={grades.isPending}
                hint={grades.isError ? loadError(grades.error) : undefined}
                serverErrors={outcome.fieldErrors.grade} onEdited={() => outcome.clearField('grade')} />
            )}
          </form.Field>
          <form.Field name="section">
            {(field) => (
              <SelectField field={field} label={t`Section (optional)`} placeholder={t`No section`} parse={toId}
                options={(sections.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                loading={sections.isPending}
                hint={sections.isError ? loadError(sections.error) : undefined}
                serverErrors={outcome.fieldErrors.section} onEdited={() => outcome.clearField('section')} />
            )}
          </form.Field>
        </div>
        <form.Field name="subjects">
          {(field) => (
            <CheckboxTableField field={field} label={t`Subjects`} columnLabel={t`Subject`}
              items={subjects.data?.map((s) => ({ id: s.id, label: subjectName(s, i18n.locale) }))}
              loading={subjects.isPending}
              error={subjects.isError ? <LoadError message={loadError(subjects.error)} onRetry={() => void subjects.refetch()} /> : undefined}
              emptyText={<Trans>No subjects are available.</Trans>}
              serverErrors={outcome.fieldErrors.subjects} onEdited={() => outcome.clearField('subjects')} />
          )}
        </form.Field>
        <form.Field name="teachers">
          {(field) => (
            <CheckboxTableField field={field} label={t`Teachers`} columnLabel={t`Teacher`} lockSingle
              items={teachers.data?.map((teacher) => ({ id: teacher.id, label: teacher.name, detail: teacher.email }))}
              loading={teachers.isPending}
              error={teachers.isError ? <LoadError message={loadError(teachers.error)} onRetry={() => void teachers.refetch()} /> : undefined}
              emptyText={<Trans>No teachers are linked to this school yet.</Trans>}
              serverErrors={outcome.fieldErrors.teachers} onEdited={() => outcome.clearField('teachers')} />
          )}
        </form.Field>
      </FormCard>
      <FormConflictDialog writes={classWrites} ctx={{ schoolId }} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </>
  )
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <span className="inline-flex flex-wrap items-center justify-center gap-2">
      {message}
      <Button size="sm" variant="secondary" onClick={onRetry}><Trans>Try again</Trans></Button>
    </span>
  )
}
