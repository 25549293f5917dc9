import { createFileRoute } from '@tanstack/react-router'
import { BulkUploadPage } from './-components/bulk-upload-page'

export const Route = createFileRoute('/_app/bulk-upload')({
  component: StudentUploadPage,
})

function StudentUploadPage() {
  const { schoolId, yearId } = Route.useRouteContext()
  return <BulkUploadPage kind="student" schoolId={schoolId} yearId={yearId} />
}
