// The second scoring's writes through the write kit (lib/sync/entity-writes): saving a scoring, asking someone to
// score, settling. Each is queued in the outbox with its own Idempotency-Key, so one made offline is sent when the
// connection is back, and a refusal is shown with the server's sentence. Saving a scoring again replaces the
// scorer's earlier marks (the server keeps one per scorer).
import { useMemo } from 'react'
import { api } from '../../../shared/api'
import type { SecondScoring, SecondScoringInput, SecondScoringRequest, SecondScoringRequestInput, SettledScorings, SettleScoringsInput } from '../../../shared/schemas/second-scoring'
import { defineEntityWrites } from '../../lib/sync/entity-writes'
import { useOutbox } from '../../lib/sync/outbox-context'
import { rejectionMessages } from '../../lib/sync/rejection-messages'
import { secondScoringKeys, type SittingPlace } from './queries'

/** A write on one sitting: POSTed to its own address under the sitting, scoped to the school and sitting. */
function writesOn<Row, Body>(entity: string, path: (schoolId: number, classId: number, sittingId: number) => string, keys: () => readonly unknown[]) {
  const at = ({ schoolId, classId, sittingId }: SittingPlace) => path(schoolId, classId, sittingId)
  return defineEntityWrites<Row, Body, SittingPlace>({
    entity, paths: { create: at, record: at }, keys, scope: ({ schoolId, sittingId }) => ({ schoolId, sittingId }),
    // Every send names the reading (the student) itself.
    label: () => entity,
  })
}

export const secondScoringWrites = writesOn<SecondScoring, SecondScoringInput>('second-scoring', api.secondScoring, () => secondScoringKeys.all)
/** Settling makes a corrected version of the sitting: every report follows, so every report key is refreshed. */
export const settleWrites = writesOn<SettledScorings, SettleScoringsInput>('second-scoring-settle', api.settleScorings, () => ['reports'])
/** Asking someone to score the sitting blind. */
export const requestWrites = writesOn<SecondScoringRequest, SecondScoringRequestInput>('second-scoring-request', api.secondScoringRequest, () => secondScoringKeys.all)

export type SaveOutcome = { state: 'accepted' | 'queued' | 'not-stored' } | { state: 'rejected'; messages: string[] }

type Writes<B> = { useSave: (place: SittingPlace) => (body: B, base: undefined, label: string) => ReturnType<ReturnType<typeof secondScoringWrites.useSave>> }

/** Sends one of these writes; `label` names the reading in the sync panel. A refused write is taken out of the outbox and its messages returned. */
function useSend<B>(writes: Writes<B>, place: SittingPlace) {
  const save = writes.useSave(place)
  const outbox = useOutbox()
  return async (body: B, label: string): Promise<SaveOutcome> => {
    const result = await save(body, undefined, label)
    if (result.state === 'rejected') {
      await outbox.discard(result.item.id)
      return { state: 'rejected', messages: rejectionMessages(result.item) }
    }
    return { state: result.state }
  }
}

export const useSaveSecondScoring = (place: SittingPlace) => useSend<SecondScoringInput>(secondScoringWrites, place)
export const useSettle = (place: SittingPlace) => useSend<SettleScoringsInput>(settleWrites, place)
export const useAskToScore = (place: SittingPlace) => useSend<SecondScoringRequestInput>(requestWrites, place)

/** The marks of this scorer's save still waiting in the outbox (the newest), which the screen starts from. */
export function useQueuedMarks(place: SittingPlace): { marks: SecondScoringInput['marks'] } | null {
  const pending = secondScoringWrites.usePendingCreates(place)
  return useMemo(() => {
    const last = pending.at(-1)
    return last ? (last.item.body as SecondScoringInput) : null
  }, [pending])
}
