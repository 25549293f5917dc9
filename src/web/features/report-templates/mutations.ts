// Template writes through the outbox kit (lib/sync/entity-writes). The entries travel with the template
// (the `entries` array replaces them, ADR 0021), so one write saves both.
import { api } from '../../../shared/api'
import type { ReportTemplate, ReportTemplateInput } from '../../../shared/schemas/report-template'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { templateKeys } from './queries'

export const templateWrites = defineEntityWrites<ReportTemplate, ReportTemplateInput>({
  entity: 'report-template',
  paths: { create: () => api.reportTemplates, record: (_, id) => api.reportTemplate(id) },
  keys: () => templateKeys.all,
  scope: () => ({ area: 'report-template' }),
  label: (template) => template.name,
})
