import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import type { StandardSchemaV1 } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import * as v from 'valibot'
import { CODES } from '../../../../shared/schemas/codes'
import { StudentSchema } from '../../../../shared/schemas/student'
import type { Student } from '../../../../shared/schemas/student'
import { FormCard } from '../../../components/form/form-card'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import { SelectField } from '../../../components/form/select-field'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { describeError } from '../../../lib/api/error-messages'
import type { OutboxRef } from '../../../lib/sync/references'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { studentWrites } from '../mutations'
import type { StudentBody } from '../mutations'
import { studentWorkflowQuery } from '../queries'
import { classChoiceValue, parseClassChoice, useClassChoices } from './class-choices'
import { useStudentConflictFields } from './student-conflict'
import { studentIdAction, studentIdHint } from './student-id-rule'

const FIELDS = [
  'first_name', 'last_name', 'arabic_name', 'enrollment_code', 'gender',
  'user_field_1', 'user_field_2', 'user_field_3', 'user_field_4', 'class_relation',
] as const

type StudentFormValues = {
  first_name: string
  last_name: string
  arabic_name: string
  enrollment_code: string
  gender: '' | 'm' | 'f'
  user_field_1: string
  user_field_2: string
  user_field_3: string
  user_field_4: string
  /** null until a class is chosen (the schema reports it as required); a class still waiting to sync is its reference. */
  class_relation: number | OutboxRef | null
}

/** A class id, or the outbox reference of a class created on this device and not yet synced. */
const ClassChoiceSchema = v.union([StudentSchema.entries.class_relation, v.object({ $ref: v.string() })], CODES.required)

/** Add mode without a student, edit mode with one (spec §2 "Student form"); scoped to the selected school and year. */
export function StudentForm({ schoolId, yearId, student, queued, onDone, onCancel }: {
  schoolId: number
  yearId: number
  student?: Student
  /** The last edit of this student still queued on this device: the form starts from its values. */
  queued?: StudentBody | null
  onDone: () => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const save = studentWrites.useSave({ schoolId, yearId })
  const outcome = useWriteOutcome({ fields: FIELDS })
  const conflictFields = useStudentConflictFields(schoolId)
  const classes = useClassChoices(schoolId, yearId)
  const workflow = useQuery(studentWorkflowQuery(schoolId))
  const rule = workflow.data?.student_id_validation

  // The enrollment code is checked against the institution's rule as the server will check it.
  const schema = useMemo(() => v.object({
    ...v.omit(StudentSchema, ['updated_at']).entries,
    class_relation: ClassChoiceSchema,
    enrollment_code: v.pipe(StudentSchema.entries.enrollment_code, studentIdAction(rule)),
  }), [rule])
  const validate = schema as unknown as StandardSchemaV1<StudentFormValues, unknown>

  // The version the user starts from: its values fill the form and its stamp goes with the save, even if a
  // fresher copy arrives meanwhile (then the server reports the conflict instead of overwriting silently).
  // An edit still queued on this device is newer than the server's copy: the form shows it, and the outbox makes
  // the save follow that edit rather than conflict with it.
  const [base] = useState(student)
  const [start] = useState(() => queued ?? (base && { ...base, class_relation: base.class_relation[0] ?? null }))
  const defaultValues: StudentFormValues = {
    first_name: start?.first_name ?? '',
    last_name: start?.last_name ?? '',
    arabic_name: start?.arabic_name ?? '',
    enrollment_code: start?.enrollment_code ?? '',
    gender: start?.gender ?? '',
    user_field_1: start?.user_field_1 ?? '',
    user_field_2: start?.user_field_2 ?? '',
    user_field_3: start?.user_field_3 ?? '',
    user_field_4: start?.user_field_4 ?? '',
    class_relation: start?.class_relation ?? null,
  }
  const form = useForm({
    defaultValues,
    validators: { onChange: validate },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(schema, value)
      // An edit carries the version it started from: if someone else saved meanwhile, the server refuses (409).
      const result = await save(input, base)
      const name = `${input.first_name} ${input.last_name}`
      const state = await outcome.saved(result, { name, accepted: student ? t`Student “${name}” was saved.` : t`Student “${name}” was added.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })
  // Re-check the code when the rule arrives (or changes) after the user typed it.
  useEffect(() => {
    if (form.state.values.enrollment_code) void form.validate('change')
  }, [rule, form])

  const text = (name: (typeof FIELDS)[number], label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <form.Field name={name}>
      {(field) => <TextField field={field} label={label} {...extra}
        serverErrors={outcome.fieldErrors[name]} onEdited={() => outcome.clearField(name)} />}
    </form.Field>
  )

  return (
    <div className="space-y-6">
      <FormCard
        title={student ? <Trans>Edit student</Trans> : <Trans>Add student</Trans>}
        onSubmit={() => void form.handleSubmit()}
        actions={
          <>
            <Button variant="secondary" onClick={onCancel}><Trans>Cancel</Trans></Button>
            <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
              {([values, submitting]) => (
                <SubmitButton valid={v.is(schema, values)} submitting={submitting}>
                  {student ? <Trans>Save</Trans> : <Trans>Create</Trans>}
                </SubmitButton>
              )}
            </form.Subscribe>
          </>
        }
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {text('first_name', t`First name`, { autoFocus: true })}
          {text('last_name', t`Last name`)}
          {text('arabic_name', t`Arabic name`, { dir: 'rtl' })}
          {text('enrollment_code', t`Enrollment code`, { dir: 'ltr', hint: studentIdHint(i18n, rule) })}
          <form.Field name="gender">
            {(field) => (
              <SelectField field={field} label={t`Gender`} placeholder={t`Select gender`}
                options={[{ value: 'm', label: t`Male` }, { value: 'f', label: t`Female` }]}
                serverErrors={outcome.fieldErrors.gender} onEdited={() => outcome.clearField('gender')} />
            )}
          </form.Field>
          <form.Field name="class_relation">
            {(field) => (
              <SelectField field={field} label={t`Class`} placeholder={t`Select class`} parse={parseClassChoice} format={classChoiceValue}
                options={classes.options}
                loading={classes.query.isPending}
                hint={classes.query.isError ? describeError(i18n, classes.query.error).join(' ') : undefined}
                serverErrors={outcome.fieldErrors.class_relation} onEdited={() => outcome.clearField('class_relation')} />
            )}
          </form.Field>
          {text('user_field_1', t`User field 1`)}
          {text('user_field_2', t`User field 2`)}
          {text('user_field_3', t`User field 3`)}
          {text('user_field_4', t`User field 4`)}
        </div>
      </FormCard>
      {student && <ClassHistory student={student} />}
      <FormConflictDialog writes={studentWrites} ctx={{ schoolId, yearId }} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </div>
  )
}

/** The student's classes over the years (studentclassrelation_set). */
function ClassHistory({ student }: { student: Student }) {
  const { t } = useLingui()
  const history = student.studentclassrelation_set
  return (
    <section aria-labelledby="student-class-history" className="mx-auto w-full max-w-2xl rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 id="student-class-history" className="border-b border-slate-100 px-6 py-4 text-base font-semibold text-slate-900">
        <Trans>Class history</Trans>
      </h2>
      {history.length === 0 ? (
        <p className="px-6 py-6 text-sm text-slate-500"><Trans>No classes recorded yet.</Trans></p>
      ) : (
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t`Class history`}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              <th scope="col" className="px-6 py-2.5 text-start"><Trans>Class</Trans></th>
              <th scope="col" className="px-6 py-2.5 text-start"><Trans>Academic year</Trans></th>
              <th scope="col" className="px-6 py-2.5 text-start"><Trans>Status</Trans></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {history.map((entry) => (
              <tr key={`${entry.academic_year_name}-${entry.class_name}`}>
                <td className="px-6 py-2.5 text-slate-800">{entry.class_name}</td>
                <td className="px-6 py-2.5 text-slate-700 tabular-nums">{entry.academic_year_name}</td>
                <td className="px-6 py-2.5">
                  {entry.is_active
                    ? <Badge tone="success"><Trans context="enrollment status">Active</Trans></Badge>
                    : <Badge><Trans context="enrollment status">Inactive</Trans></Badge>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
