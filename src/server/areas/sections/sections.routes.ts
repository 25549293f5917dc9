import { SectionSchema } from '../../../shared/schemas/section'
import { catalogRoutes } from '../school-catalog/school-catalog.routes'
import { sectionService } from './sections.service'

export const sectionRoutes = catalogRoutes({ resource: 'section', schema: SectionSchema, service: sectionService, readOnlyMessage: 'readOnlySections', title: { en: 'Sections', ar: 'الشعب' } })
