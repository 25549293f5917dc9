import { createFileRoute } from '@tanstack/react-router'
import { BulkUploadPage } from './-components/bulk-upload-page'

export const Route = createFileRoute('/_app/bulk-upload-school')({
  component: SchoolUploadPage,
})

function SchoolUploadPage() {
  const { schoolId, yearId } = Route.useRouteContext()
  return <BulkUploadPage kind="school" schoolId={schoolId} yearId={yearId} />
}
