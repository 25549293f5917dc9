import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { NoSchool } from '../../../../../components/ui/no-school'
import { ReportLoadState } from '../../../../../features/reports/components/report-load-state'
import { SittingReport } from '../../../../../features/reports/components/sitting-report'
import { reportStudentQuery, sittingMiscuesQuery, sittingQuery } from '../../../../../features/reports/sitting-queries'

export const Route = createFileRoute('/_app/report/$studentId/student/$id')({ component: SittingPage })

function SittingPage() {
  const { schoolId } = Route.useRouteContext()
  const params = Route.useParams()
  const studentId = Number(params.studentId)
  const id = Number(params.id)
  const school = schoolId ?? 0
  const student = useQuery({ ...reportStudentQuery(school, studentId), enabled: schoolId !== null })
  const sitting = useQuery({ ...sittingQuery(school, studentId, id), enabled: schoolId !== null })
  const miscues = useQuery({ ...sittingMiscuesQuery(school, id), enabled: schoolId !== null })
  if (schoolId === null) return <NoSchool />
  if (!student.data) return <ReportLoadState error={student.error ?? sitting.error} onRetry={() => void student.refetch()} />
  if (sitting.isPending && !sitting.isError) return <ReportLoadState error={null} onRetry={() => void sitting.refetch()} />
  return <SittingReport student={student.data} sitting={sitting.data ?? null} miscues={miscues.data?.data ?? null} />
}
