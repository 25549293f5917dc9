// Screens doing something a reload would interrupt (a child reading while the recorder runs) hold reloads: an
// accepted update waits until every hold is released (app/pwa-update.tsx reloadWhenSafe).
const holds = new Set<symbol>()

/** Holds reloads until the returned function is called (calling it twice is harmless). */
export function holdReloads(): () => void {
  const hold = Symbol('reload-hold')
  holds.add(hold)
  return () => {
    holds.delete(hold)
  }
}

export function reloadsHeld(): boolean {
  return holds.size > 0
}
