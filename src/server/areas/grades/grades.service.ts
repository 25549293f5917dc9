import { classes, grades } from '../../db/schema/tables'
import { createCatalogService } from '../school-catalog/school-catalog.service'

/** A school's grades; a grade a class still names cannot be deleted. */
export const gradeService = createCatalogService({ table: grades, usedBy: classes.grade_id, inUseMessage: 'gradeInUse' })
