// Assessment writes through the outbox kit (lib/sync/entity-writes). A new PDF travels inside the JSON body
// as a data URL (the outbox stores JSON bodies; the server accepts both, ADR 0022).
import { api } from '../../../shared/api'
import type { Assessment, AssessmentInput } from '../../../shared/schemas/assessment'
import type { OutboxItem } from '../../lib/db/db'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { assessmentKeys } from './queries'

export const assessmentWrites = defineEntityWrites<Assessment, AssessmentInput>({
  entity: 'assessment',
  paths: { create: () => api.assessments, record: (_, id) => api.assessment(id) },
  keys: () => assessmentKeys.all,
  scope: () => ({ area: 'assessment' }),
  label: (assessment) => assessment.title,
  pendingValues: withoutPdf,
})

/** A pending row shows the values sent, without the PDF. */
function withoutPdf(item: OutboxItem): Partial<Assessment> {
  const { pdf: _pdf, ...values } = (item.body ?? {}) as Partial<AssessmentInput>
  return values as Partial<Assessment>
}

/** Replaces the set of institutions that have an assessment (PUT, keyed by the assessment). */
export const assessmentClientsWrites = defineEntityWrites<{ id: number }, { clients: number[] }, { assessmentId: number }>({
  entity: 'assessment-clients',
  paths: { create: ({ assessmentId }) => api.assessmentClients(assessmentId), record: (_, id) => api.assessmentClients(id) },
  keys: ({ assessmentId }) => assessmentKeys.clients(assessmentId),
  scope: () => ({ area: 'assessment' }),
  label: (body) => String(body.clients.length),
})
