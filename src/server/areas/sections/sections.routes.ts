import { classes, sections } from '../../db/schema/tables'
import { SectionSchema } from '../../../shared/schemas/section'
import { createCatalogService } from '../school-catalog/school-catalog.service'
import { catalogRoutes } from '../school-catalog/school-catalog.routes'

export const sectionService = createCatalogService({ table: sections, usedBy: classes.section_id, inUseMessage: 'sectionInUse' })
export const sectionRoutes = catalogRoutes({ resource: 'section', schema: SectionSchema, service: sectionService, readOnlyMessage: 'readOnlySections', title: { en: 'Sections', ar: 'الشعب' } })
