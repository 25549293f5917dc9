// What the processing screen shows for each poll answer (administration spec §4, §9): the bar's percent and
// whether to keep polling. Pure, so the rules are unit-tested.
import type { DemoTaskStatus } from '../../../shared/schemas/demo-institution'

export const FIRST_POLL_MS = 3_000
export const POLL_EVERY_MS = 2_000
/** More than this many UNKNOWN answers in a row: stop and say the task cannot be tracked. */
export const MAX_UNKNOWN = 5

export type ProgressView = {
  percent: number
  /** Server status text for PROGRESS; null otherwise. */
  status: string | null
  done: boolean
}

/**
 * PENDING 10 %; PROGRESS current/total (15 % at first, 50 % when the total is not known yet); SUCCESS and
 * FAILURE 100 %; UNKNOWN keeps the last percent. Whole numbers (0 decimals).
 */
export function progressOf(status: DemoTaskStatus, previous: number, firstProgress: boolean): ProgressView {
  switch (status.state) {
    case 'PENDING':
      return { percent: 10, status: null, done: false }
    case 'PROGRESS': {
      const known = status.total > 0
      const percent = known ? Math.min(99, Math.round((status.current / status.total) * 100)) : firstProgress ? 15 : 50
      return { percent, status: status.status, done: false }
    }
    case 'SUCCESS':
    case 'FAILURE':
      return { percent: 100, status: null, done: true }
    case 'UNKNOWN':
      return { percent: previous, status: null, done: false }
  }
}
