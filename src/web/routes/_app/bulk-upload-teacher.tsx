import { createFileRoute } from '@tanstack/react-router'
import { BulkUploadPage } from './-components/bulk-upload-page'

export const Route = createFileRoute('/_app/bulk-upload-teacher')({
  component: TeacherUploadPage,
})

function TeacherUploadPage() {
  const { schoolId, yearId } = Route.useRouteContext()
  return <BulkUploadPage kind="teacher" schoolId={schoolId} yearId={yearId} />
}
