import { createFileRoute } from '@tanstack/react-router'
import { BulkUploadPage } from '../-components/bulk-upload-page'

export const Route = createFileRoute('/_app/report-template/upload')({
  component: TemplateUploadPage,
})

function TemplateUploadPage() {
  return <BulkUploadPage kind="report-template" schoolId={null} yearId={null} />
}
