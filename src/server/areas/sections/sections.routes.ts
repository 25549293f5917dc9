import { SectionSchema } from '../../../shared/schemas/section'
import { routes } from '../../../shared/routes'
import { catalogRoutes } from '../school-catalog/school-catalog.routes'
import { sectionService } from './sections.service'

export const sectionRoutes = catalogRoutes({ resource: 'section', schema: SectionSchema, service: sectionService, readOnlyMessage: 'readOnlySections', title: { en: 'Sections', ar: 'الشعب' }, paths: { list: routes.sections, one: routes.section, download: routes.sectionsDownload, workflow: routes.sectionWorkflow } })
