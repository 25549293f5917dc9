import { GradeSchema } from '../../../shared/schemas/grade'
import { routes } from '../../../shared/routes'
import { catalogRoutes } from '../school-catalog/school-catalog.routes'
import { gradeService } from './grades.service'

export const gradeRoutes = catalogRoutes({ resource: 'grade', schema: GradeSchema, service: gradeService, readOnlyMessage: 'readOnlyGrades', title: { en: 'Grades', ar: 'الصفوف' }, paths: { list: routes.grades, one: routes.grade, download: routes.gradesDownload, workflow: routes.gradeWorkflow } })
