// The upload screens of spec §2 share one page: the shell's school and year are what the uploads need
// (teachers and students go to the selected school; classes and students use the selected year).
import type { UploadKind } from '../../../../shared/bulk/upload-kinds'
import { NoSchool } from '../../../components/ui/no-school'
import { NoYear } from '../../../components/ui/no-year'
import { BulkUploadScreen } from '../../../features/bulk-uploads/components/bulk-upload-screen'
import { UPLOAD_SCREENS } from '../../../features/bulk-uploads/upload-screens'

export function BulkUploadPage({ kind, schoolId, yearId }: { kind: UploadKind; schoolId: number | null; yearId: number | null }) {
  const needs = UPLOAD_SCREENS[kind].needs
  if (needs.school && schoolId === null) return <NoSchool />
  if (needs.year && yearId === null) return <NoYear />
  return <BulkUploadScreen kind={kind} schoolId={schoolId} yearId={yearId} />
}
