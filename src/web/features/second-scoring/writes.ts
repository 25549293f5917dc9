// Saving a second scoring through the write kit (lib/sync/entity-writes): queued in the outbox with its own
// Idempotency-Key, so a scoring saved offline is sent when the connection is back, and a refusal is shown with
// the server's sentence. Saving again replaces the scorer's earlier marks (the server keeps one per scorer).
import { useMemo } from 'react'
import { api } from '../../../shared/api'
import type { SecondScoring, SecondScoringInput } from '../../../shared/schemas/second-scoring'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { useOutbox } from '../../lib/sync/outbox-context'
import { rejectionMessages } from '../../lib/sync/rejection-messages'
import { secondScoringKeys, type SittingPlace } from './queries'

export const secondScoringWrites = defineEntityWrites<SecondScoring, SecondScoringInput, SittingPlace>({
  entity: 'second-scoring',
  paths: {
    create: ({ schoolId, classId, sittingId }) => api.secondScoring(schoolId, classId, sittingId),
    record: ({ schoolId, classId, sittingId }) => api.secondScoring(schoolId, classId, sittingId),
  },
  keys: () => secondScoringKeys.all,
  scope: ({ schoolId, sittingId }) => ({ schoolId, sittingId }),
  label: (body) => String(body.marks.length),
})

/** `not-stored`: the device could not keep the write (no space). */
export type SaveOutcome = { state: 'accepted' | 'queued' | 'not-stored' } | { state: 'rejected'; messages: string[] }

/** Saves the scorer's marks; `label` names the reading in the sync panel. A refused save is taken out of the outbox and its messages returned. */
export function useSaveSecondScoring(place: SittingPlace) {
  const save = secondScoringWrites.useSave(place)
  const outbox = useOutbox()
  return async (body: SecondScoringInput, label: string): Promise<SaveOutcome> => {
    const result = await save(body, undefined, label)
    if (result.state === 'rejected') {
      await outbox.discard(result.item.id)
      return { state: 'rejected', messages: rejectionMessages(result.item) }
    }
    return { state: result.state }
  }
}

/** The marks of this scorer's save still waiting in the outbox (the newest), which the screen starts from. */
export function useQueuedMarks(place: SittingPlace): { marks: SecondScoringInput['marks'] } | null {
  const pending = secondScoringWrites.usePendingCreates(place)
  return useMemo(() => {
    const last = pending.at(-1)
    return last ? (last.item.body as SecondScoringInput) : null
  }, [pending])
}
