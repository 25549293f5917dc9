// Starting a demo copy is online only (ADR 0055): the screen then follows the server's job, which cannot
// run while offline, so it is sent at once instead of through the outbox. The Idempotency-Key still makes
// a resent click harmless.
import { api } from '../../../shared/api'
import type { DemoInstitutionRequest } from '../../../shared/schemas/demo-institution'
import { apiRequest, newIdempotencyKey } from '../../lib/api/api-client'

export function startDemoCopy(input: DemoInstitutionRequest): Promise<{ task_id?: string }> {
  return apiRequest<{ task_id?: string }>({ method: 'POST', path: api.demoInstitutionCreate, json: input, idempotencyKey: newIdempotencyKey() })
}
