// The importer of each bulk upload kind, kept by its area beside its service (ADR 0080).
import type { Importer } from './domain/bulk-import/importer'
import type { UploadKind } from '../shared/bulk/upload-kinds'
import { libraryImporter } from './areas/assessment-libraries/assessment-libraries.import'
import { classImporter } from './areas/classes/classes.import'
import { templateImporter } from './areas/report-templates/report-templates.import'
import { schoolImporter } from './areas/schools/schools.import'
import { studentImporter } from './areas/students/students.import'
import { teacherImporter } from './areas/users/users.import'

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
