import { api } from '../../../shared/api'
import { defineCatalogFeature } from './catalog-feature'

export const gradeCatalog = defineCatalogFeature('grade', {
  list: api.grades, record: api.grade, workflow: api.gradeWorkflow, download: api.gradesDownload,
})

export const sectionCatalog = defineCatalogFeature('section', {
  list: api.sections, record: api.section, workflow: api.sectionWorkflow, download: api.sectionsDownload,
})
