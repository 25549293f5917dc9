// The student's goal through the outbox (ADR 0040): set (POST, replacing any goal) or changed from the version
// the form started from (PUT). Accepted, it refreshes the student's progress.
import { api } from '../../../shared/api'
import type { StudentGoal, StudentGoalInput } from '../../../shared/schemas/student-goal'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { progressKeys } from './progress-queries'

export type GoalBody = Omit<StudentGoalInput, 'start_wcpm' | 'goal_wcpm' | 'updated_at'> & { start_wcpm: number; goal_wcpm: number; updated_at?: string }

export const goalWrites = defineEntityWrites<StudentGoal, GoalBody, { studentId: number }>({
  entity: 'student-goal',
  paths: { create: ({ studentId }) => api.studentGoals(studentId), record: ({ studentId }, id) => api.studentGoal(studentId, id) },
  keys: ({ studentId }) => progressKeys.student(studentId),
  scope: ({ studentId }) => ({ studentId }),
  label: (body) => `${body.goal_wcpm} WCPM · ${body.goal_date}`,
})
