import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { NoSchool } from '../../../../../components/ui/no-school'
import { StudentAccuracyScreen } from '../../../../../features/reports/components/student-accuracy-screen'
import { ReportLoadState } from '../../../../../features/reports/components/report-load-state'
import { reportStudentQuery, studentSittingsQuery } from '../../../../../features/reports/sitting-queries'

export const Route = createFileRoute('/_app/report/$studentId/student/')({ component: StudentSittingsPage })

function StudentSittingsPage() {
  const { schoolId } = Route.useRouteContext()
  const studentId = Number(Route.useParams().studentId)
  const student = useQuery({ ...reportStudentQuery(schoolId ?? 0, studentId), enabled: schoolId !== null })
  const sittings = useQuery(studentSittingsQuery(studentId))
  if (schoolId === null) return <NoSchool />
  if (!student.data) return <ReportLoadState error={student.error} onRetry={() => void student.refetch()} />
  return <StudentAccuracyScreen student={student.data} sittings={sittings.data} />
}
