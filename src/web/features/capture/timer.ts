// The reading timer as a value (ADR 0090): elapsed time so far plus, while running, the moment it started
// running. The capture screen stores `elapsedMs` every second while it runs, so a reload or a sleeping tablet
// brings the sitting back paused at the time last stored, never later than the reading really went on.
export type TimerState = { elapsedMs: number; runningSince: number | null }

export function elapsed(t: TimerState, now: number, limitMs = 0): number {
  const ms = t.elapsedMs + (t.runningSince === null ? 0 : Math.max(0, now - t.runningSince))
  return limitMs > 0 ? Math.min(ms, limitMs) : ms
}

export function start(t: TimerState, now: number): TimerState {
  return t.runningSince === null ? { ...t, runningSince: now } : t
}

export function pause(t: TimerState, now: number, limitMs = 0): TimerState {
  return { elapsedMs: elapsed(t, now, limitMs), runningSince: null }
}

/** Whether the time limit (if any) has been reached. */
export function isOver(t: TimerState, now: number, limitMs: number): boolean {
  return limitMs > 0 && elapsed(t, now) >= limitMs
}

/** Whole seconds for the sitting: at least 1 (the server refuses 0), at most the limit (or an hour). */
export function durationSeconds(ms: number, limitSeconds: number): number {
  const max = limitSeconds > 0 ? limitSeconds : 3600
  return Math.min(max, Math.max(1, Math.round(ms / 1000)))
}

/** "M:SS" for the clock on screen. */
export function clockText(ms: number): string {
  const total = Math.floor(ms / 1000)
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}
