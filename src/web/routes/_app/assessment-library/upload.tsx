import { createFileRoute } from '@tanstack/react-router'
import { BulkUploadPage } from '../-components/bulk-upload-page'

export const Route = createFileRoute('/_app/assessment-library/upload')({
  component: LibraryUploadPage,
})

function LibraryUploadPage() {
  return <BulkUploadPage kind="assessment-library" schoolId={null} yearId={null} />
}
