// Class copy goes through the outbox like every write; the client id is its Idempotency-Key, so a copy
// replayed after a lost answer is not made twice.
import { api } from '../../../shared/api'
import { useOutbox } from '../../lib/sync/outbox-context'
import type { EnqueueResult } from '../../lib/sync/outbox'
import { classCopyKeys } from './queries'

export function useCopyClasses() {
  const outbox = useOutbox()
  return (input: { src_school: number; des_school: number; classes: number[] }, label: string): Promise<EnqueueResult> =>
    outbox.enqueue({
      entity: 'class-copy',
      operation: 'create',
      method: 'POST',
      path: api.classCopy(input.src_school, input.des_school),
      body: { classes: input.classes },
      invalidates: classCopyKeys.all,
      scope: { srcSchoolId: input.src_school, destSchoolId: input.des_school },
      label,
    })
}

