import { classes, sections } from '../../db/schema/tables'
import { createCatalogService } from '../school-catalog/school-catalog.service'

/** A school's sections; a section a class still names cannot be deleted. */
export const sectionService = createCatalogService({ table: sections, usedBy: classes.section_id, inUseMessage: 'sectionInUse' })
