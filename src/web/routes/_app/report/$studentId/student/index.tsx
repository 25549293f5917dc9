import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ReportLoadState } from '../../../../../features/reports/components/report-load-state'
import { StudentAccuracyScreen } from '../../../../../features/reports/components/student-accuracy-screen'
import { studentAccuracyQuery } from '../../../../../features/reports/sitting-queries'

export const Route = createFileRoute('/_app/report/$studentId/student/')({ component: StudentSittingsPage })

function StudentSittingsPage() {
  const studentId = Number(Route.useParams().studentId)
  const accuracy = useQuery(studentAccuracyQuery(studentId))
  if (!accuracy.data) return <ReportLoadState error={accuracy.error} onRetry={() => void accuracy.refetch()} />
  return <StudentAccuracyScreen accuracy={accuracy.data} />
}
