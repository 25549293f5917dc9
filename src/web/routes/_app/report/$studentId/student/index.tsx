import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { can } from '../../../../../../shared/permissions'
import { ProgressSection } from '../../../../../features/reports/components/progress-section'
import { ReportLoadState } from '../../../../../features/reports/components/report-load-state'
import { StudentAccuracyScreen } from '../../../../../features/reports/components/student-accuracy-screen'
import { studentProgressQuery } from '../../../../../features/reports/progress-queries'
import { studentAccuracyQuery } from '../../../../../features/reports/sitting-queries'

export const Route = createFileRoute('/_app/report/$studentId/student/')({ component: StudentSittingsPage })

function StudentSittingsPage() {
  const studentId = Number(Route.useParams().studentId)
  const { profile } = Route.useRouteContext()
  const accuracy = useQuery(studentAccuracyQuery(studentId))
  const progress = useQuery(studentProgressQuery(studentId))
  if (!accuracy.data) return <ReportLoadState error={accuracy.error} onRetry={() => void accuracy.refetch()} />
  return (
    <StudentAccuracyScreen accuracy={accuracy}>
      {progress.data
        ? <ProgressSection progress={progress} canSetGoal={can(profile.profile.role, 'student-goal', 'write')} />
        : <ReportLoadState error={progress.error} onRetry={() => void progress.refetch()} />}
    </StudentAccuracyScreen>
  )
}
