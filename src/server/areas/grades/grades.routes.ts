import { classes, grades } from '../../db/schema/tables'
import { GradeSchema } from '../../../shared/schemas/grade'
import { createCatalogService } from '../school-catalog/school-catalog.service'
import { catalogRoutes } from '../school-catalog/school-catalog.routes'

export const gradeService = createCatalogService({ table: grades, usedBy: classes.grade_id, inUseMessage: 'gradeInUse' })
export const gradeRoutes = catalogRoutes({ resource: 'grade', schema: GradeSchema, service: gradeService, readOnlyMessage: 'readOnlyGrades', title: { en: 'Grades', ar: 'الصفوف' } })
