// A marking with undo and redo, held by a screen that marks outside a capture session (the correction of a
// recorded sitting, ADR 0123). The rules are the pure functions of marking.ts; this only keeps their history.
import { useState } from 'react'
import { commit, redo, startHistory, undo, type Marking } from './marking'

export function useMarkingHistory(initial: () => Marking) {
  const [history, setHistory] = useState(() => startHistory(initial()))
  return {
    marking: history.present,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    change: (next: (present: Marking) => Marking) => setHistory((h) => commit(h, next(h.present))),
    undo: () => setHistory(undo),
    redo: () => setHistory(redo),
    reset: (present: Marking) => setHistory(startHistory(present)),
  }
}
