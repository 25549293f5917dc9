// The importer of each bulk upload kind, kept by its area beside its service (ADR 0080).
import type { Importer } from '../domain/bulk-import/importer'
import type { UploadKind } from '../../shared/bulk/upload-kinds'
import { libraryImporter } from '../routes/assessment-libraries/assessment-libraries.import'
import { classImporter } from '../routes/classes/classes.import'
import { templateImporter } from '../routes/report-templates/report-templates.import'
import { schoolImporter } from '../routes/schools/schools.import'
import { studentImporter } from '../routes/students/students.import'
import { teacherImporter } from '../routes/users/users.import'

const IMPORTERS: Record<UploadKind, Importer> = {
  teacher: teacherImporter,
  school: schoolImporter,
  class: classImporter,
  student: studentImporter,
  'assessment-library': libraryImporter,
  'report-template': templateImporter,
}

export function importerFor(kind: UploadKind): Importer {
  return IMPORTERS[kind]
}
