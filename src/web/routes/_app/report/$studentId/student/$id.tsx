import { useQuery } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { can } from '../../../../../../shared/permissions'
import { ReportLoadState } from '../../../../../features/reports/components/report-load-state'
import { SittingReport } from '../../../../../features/reports/components/sitting-report'
import { sittingQuery, studentAccuracyQuery } from '../../../../../features/reports/sitting-queries'

// The second-scoring card shows below the report, so it comes after it: the first visit stays within its files
// (bench/budgets.json); the service worker precaches it for offline.
const SecondScoringCard = lazy(() => import('../../../../../features/second-scoring/components/second-scoring-card').then((m) => ({ default: m.SecondScoringCard })))
const AskToScore = lazy(() => import('../../../../../features/second-scoring/components/ask-to-score').then((m) => ({ default: m.AskToScore })))

export const Route = createFileRoute('/_app/report/$studentId/student/$id')({ component: SittingPage })

/** The student's answer names the school and class of each sitting, which the sitting's own path needs. */
function SittingPage() {
  const params = Route.useParams()
  const { profile } = Route.useRouteContext()
  const navigate = useNavigate()
  const studentId = Number(params.studentId)
  const id = Number(params.id)
  const student = useQuery(studentAccuracyQuery(studentId))
  const row = student.data?.sittings.find((s) => s.id === id)
  const sitting = useQuery(sittingQuery(row?.school ?? 0, row?.class ?? 0, id))
  if (!student.data) return <ReportLoadState error={student.error} onRetry={() => void student.refetch()} />
  if (row && !sitting.data && !sitting.isError) return <ReportLoadState error={null} onRetry={() => void sitting.refetch()} />
  if (row && sitting.isError && !sitting.data) return <ReportLoadState error={sitting.error} onRetry={() => void sitting.refetch()} />
  const onRemoved = () => void navigate({ to: '/report/$studentId/student', params: { studentId: params.studentId } })
  const role = profile.profile.role
  // A teacher changes only the readings she recorded; school staff any of their schools' (ADR 0123).
  const canChange = can(role, 'sitting-correction', 'write') && (role !== 'teacher' || sitting.data?.teacher === profile.profile.id)
  const detail = sitting.data
  // A passage that is not void is scored a second time by anyone who may, but the teacher who recorded it (ADR 0128).
  const scorable = detail && detail.kind === 'passage' && !detail.voided && detail.words.length > 0
  const recordedIt = detail?.teacher === profile.profile.id
  return (
    <SittingReport student={student.data.student} sitting={sitting.data ? sitting : null} canChange={canChange}
      onRemoved={can(role, 'sitting-removal', 'write') ? onRemoved : undefined}>
      {scorable && can(role, 'second-scoring', 'read') && (
        <Suspense fallback={null}>
          <SecondScoringCard place={{ schoolId: detail.school, classId: detail.class, sittingId: detail.id }}
            canScore={can(role, 'second-scoring', 'write') && !(role === 'teacher' && recordedIt)} canCompare={role !== 'teacher' || recordedIt}>
            {can(role, 'second-scoring', 'write') && (role !== 'teacher' || recordedIt) && (
              <AskToScore place={{ schoolId: detail.school, classId: detail.class, sittingId: detail.id }} label={detail.student_name} />
            )}
          </SecondScoringCard>
        </Suspense>
      )}
    </SittingReport>
  )
}
