// Bounds on the work one caller can start (docs/adr/0113): counts per key in a time window (sign-in and
// password-reset requests per address and per account, report e-mails per user), calls of one user running
// at once (sittings with audio), and password hashing running at once in this process. Kept in memory, per
// process: behind a balancer each copy counts its own share, so a copy's limit is an upper bound per copy.

/** Counts acts per key in fixed windows of `windowMs`; at most `max` per window. */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** Keys kept at most (an attacker with many addresses cannot grow the map without bound). */
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one act of `key` and returns 0, or returns the seconds until it may act again (not counted). */
  take(key: string): number {
    const now = this.now()
    let w = this.windows.get(key)
    if (!w || now - w.start >= this.windowMs) {
      if (!w && this.windows.size >= this.maxKeys) this.forgetExpired(now)
      w = { start: now, count: 0 }
      this.windows.set(key, w)
    }
    if (w.count >= this.max) return Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000))
    w.count++
    return 0
  }

  /** Gives back an act that turned out not to count (a sign-in that succeeded). */
  refund(key: string): void {
    const w = this.windows.get(key)
    if (w && w.count > 0) w.count--
  }

  private forgetExpired(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key)
    // Still full: the oldest keys go (Map keeps insertion order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break
      this.windows.delete(key)
    }
  }
}

/** How many calls of one key run at once; `enter` answers null when the key already has `max` running. */
export class PerKeyConcurrency {
  private readonly running = new Map<string, number>()

  constructor(readonly max: number) {}

  /** A function to call when the call ends, or null when the key is at its limit. */
  enter(key: string): (() => void) | null {
    const n = this.running.get(key) ?? 0
    if (n >= this.max) return null
    this.running.set(key, n + 1)
    let left = false
    return () => {
      if (left) return
      left = true
      const now = (this.running.get(key) ?? 1) - 1
      if (now <= 0) this.running.delete(key)
      else this.running.set(key, now)
    }
  }

  count(key: string): number {
    return this.running.get(key) ?? 0
  }
}

/** Thrown by a Gate whose queue is full: the caller answers 429 and the client tries again later. */
export class GateFull extends Error {}

/** At most `concurrency` tasks at once, the rest queued in order; beyond `queueMax` waiting, refused (GateFull). */
export class Gate {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    readonly concurrency: number,
    readonly queueMax: number,
  ) {}

  get running(): number {
    return this.active
  }

  get queued(): number {
    return this.waiting.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.queueMax) throw new GateFull('busy')
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.active++
    }
    try {
      return await task()
    } finally {
      // The slot passes straight to the next in line, so `active` counts it without a gap.
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}
