import { GradeSchema } from '../../../shared/schemas/grade'
import { catalogRoutes } from '../school-catalog/school-catalog.routes'
import { gradeService } from './grades.service'

export const gradeRoutes = catalogRoutes({ resource: 'grade', schema: GradeSchema, service: gradeService, readOnlyMessage: 'readOnlyGrades', title: { en: 'Grades', ar: 'الصفوف' } })
