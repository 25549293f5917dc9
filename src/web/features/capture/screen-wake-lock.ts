// Keeps the screen on while the child reads (ADR 0120): a screen wake lock while the clock runs, taken again when
// the page is shown (the browser releases it whenever the page is hidden), released when the reading stops.
// Where the browser has no Wake Lock API, or refuses the lock (low battery, no permission), nothing else changes.

type Sentinel = { released: boolean; release: () => Promise<void> }
type WakeLockApi = { request: (type: 'screen') => Promise<Sentinel> }

export class ScreenWakeLock {
  private sentinel: Sentinel | null = null
  private wanted = false

  constructor(private readonly api: () => WakeLockApi | undefined = () => (navigator as Navigator & { wakeLock?: WakeLockApi }).wakeLock) {}

  /** Holds the lock from now until `release`, taking it again whenever `renew` is called after a hide. */
  hold(): void {
    this.wanted = true
    void this.take()
  }

  /** The page is shown again: the lock the browser released on hide is taken again, if it is still wanted. */
  renew(): void {
    if (this.wanted && (this.sentinel === null || this.sentinel.released)) void this.take()
  }

  release(): void {
    this.wanted = false
    const held = this.sentinel
    this.sentinel = null
    if (held && !held.released) held.release().catch(() => undefined)
  }

  private async take(): Promise<void> {
    const api = this.api()
    if (!api || (this.sentinel && !this.sentinel.released)) return
    try {
      const sentinel = await api.request('screen')
      // Released (paused, stopped) while the browser was granting it.
      if (!this.wanted) {
        await sentinel.release()
        return
      }
      this.sentinel = sentinel
    } catch {
      // Refused: the screen may dim as before; timing does not depend on it.
    }
  }
}
