// The teacher's goal for a student: where the aimline starts (a day and the words correct per minute then) and the
// goal (a later day and the words correct per minute wanted by then). Saved through the outbox, offline too.
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useState } from 'react'
import * as v from 'valibot'
import { StudentGoalSchema, type StudentGoal, type StudentGoalInput } from '../../../../shared/schemas/student-goal'
import { FormConflictDialog } from '../../../components/form/conflict-dialog'
import { FormCard } from '../../../components/form/form-card'
import { SubmitButton } from '../../../components/form/submit-button'
import { TextField } from '../../../components/form/text-field'
import { Button } from '../../../components/ui/button'
import { useWriteOutcome } from '../../../lib/sync/use-write-outcome'
import { goalWrites } from '../goal-writes'

const FIELDS = ['start_date', 'start_wcpm', 'goal_date', 'goal_wcpm'] as const

export type GoalStart = { start_date: string; start_wcpm: number }

export function GoalForm({ studentId, goal, start, onDone }: {
  studentId: number
  goal: StudentGoal | null
  /** Where a new aimline starts unless the teacher says otherwise: the first reading of the newest year. */
  start: GoalStart
  onDone: () => void
}) {
  const { t } = useLingui()
  const ctx = { studentId }
  const save = goalWrites.useSave(ctx)
  const outcome = useWriteOutcome({ fields: FIELDS })
  const [base] = useState(goal ?? undefined)
  const form = useForm({
    defaultValues: {
      start_date: goal?.start_date ?? start.start_date,
      start_wcpm: String(goal?.start_wcpm ?? start.start_wcpm),
      goal_date: goal?.goal_date ?? '',
      goal_wcpm: goal ? String(goal.goal_wcpm) : '',
    } as StudentGoalInput,
    validators: { onChange: StudentGoalSchema },
    onSubmit: async ({ value }) => {
      outcome.reset()
      const input = v.parse(StudentGoalSchema, value)
      const result = await save(input, base)
      const state = await outcome.saved(result, { name: t`Goal`, accepted: t`The goal was saved.` })
      if (state === 'accepted' || state === 'queued') onDone()
    },
  })
  const conflictFields = [
    { key: 'start_date', label: t`Aimline starts on` },
    { key: 'start_wcpm', label: t`Words correct per minute at the start` },
    { key: 'goal_date', label: t`Goal date` },
    { key: 'goal_wcpm', label: t`Goal: words correct per minute` },
  ]
  return (
    <FormCard
      title={goal ? <Trans>Change the goal</Trans> : <Trans>Set a goal</Trans>}
      description={<Trans>The aimline runs from the start to the goal. Readings under it three times in a row are flagged.</Trans>}
      onSubmit={() => void form.handleSubmit()}
      actions={
        <>
          <Button variant="secondary" onClick={onDone}><Trans>Cancel</Trans></Button>
          <form.Subscribe selector={(s) => [s.values, s.isSubmitting] as const}>
            {([values, submitting]) => (
              <SubmitButton valid={v.is(StudentGoalSchema, values)} submitting={submitting}><Trans>Save goal</Trans></SubmitButton>
            )}
          </form.Subscribe>
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <form.Field name="start_date">
          {(field) => <TextField field={field} type="date" label={t`Aimline starts on`} dir="ltr"
            serverErrors={outcome.fieldErrors.start_date} onEdited={() => outcome.clearField('start_date')} />}
        </form.Field>
        <form.Field name="start_wcpm">
          {(field) => <TextField field={field} label={t`Words correct per minute at the start`} dir="ltr"
            serverErrors={outcome.fieldErrors.start_wcpm} onEdited={() => outcome.clearField('start_wcpm')} />}
        </form.Field>
        <form.Field name="goal_date">
          {(field) => <TextField field={field} type="date" label={t`Goal date`} dir="ltr"
            serverErrors={outcome.fieldErrors.goal_date} onEdited={() => outcome.clearField('goal_date')} />}
        </form.Field>
        <form.Field name="goal_wcpm">
          {(field) => <TextField field={field} label={t`Goal: words correct per minute`} dir="ltr"
            serverErrors={outcome.fieldErrors.goal_wcpm} onEdited={() => outcome.clearField('goal_wcpm')} />}
        </form.Field>
      </div>
      <FormConflictDialog writes={goalWrites} ctx={ctx} item={outcome.conflict} fields={conflictFields}
        onClosed={outcome.closeConflict} onDone={onDone} />
    </FormCard>
  )
}
