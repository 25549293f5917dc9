import { createFileRoute } from '@tanstack/react-router'
import { BulkUploadPage } from './-components/bulk-upload-page'

export const Route = createFileRoute('/_app/bulk-upload-class')({
  component: ClassUploadPage,
})

function ClassUploadPage() {
  const { schoolId, yearId } = Route.useRouteContext()
  return <BulkUploadPage kind="class" schoolId={schoolId} yearId={yearId} />
}
