// What the blind scoring screen starts from: the scorer's save still waiting in the outbox (the newest), else the
// scoring they saved on the server, else nothing.
import { markOfSitting, type CaptureMark } from '../../components/marking/marking'
import type { SittingMark, SittingMarkInput } from '../../../shared/schemas/sitting'

export function startMarks(queued: readonly SittingMarkInput[] | null, saved: readonly SittingMark[] | null): CaptureMark[] {
  if (queued) return queued.map((m) => ({ ...m, self_corrected: m.self_corrected ?? false }))
  return (saved ?? []).map(markOfSitting)
}
