// Fair queueing on the embedded database (ADR 0103). PGlite runs each statement on the server's one
// thread; under load the statements of waiting requests ran back to back, and the event loop read some
// connections again and again while others waited for seconds (p99 about 25 times p50 at 50
// connections). Here every statement takes a turn, in arrival order, one per turn of the event loop, so
// the requests that arrived meanwhile are read and queued before the next statement runs.

/** Returns `turn()`: resolves callers one at a time, first come first served, each in a later turn. */
export function fifoTurns(): () => Promise<void> {
  const waiting: (() => void)[] = []
  let scheduled = false
  const release = () => {
    scheduled = false
    waiting.shift()?.()
    if (waiting.length) {
      scheduled = true
      setImmediate(release)
    }
  }
  return () => new Promise<void>((resolve) => {
    waiting.push(resolve)
    if (!scheduled) {
      scheduled = true
      setImmediate(release)
    }
  })
}

type Queryable = { query: (...args: never[]) => Promise<unknown>; exec: (...args: never[]) => Promise<unknown>; transaction: (...args: never[]) => Promise<unknown> }

/**
 * The client with its statements and transactions taking turns (statements inside a transaction run on
 * the transaction's own handle, which is not wrapped: a transaction is one turn).
 */
export function takingTurns<T extends Queryable>(client: T, turn = fifoTurns()): T {
  const gated = new Set<PropertyKey>(['query', 'exec', 'transaction'])
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown
      if (typeof value !== 'function') return value
      if (!gated.has(prop)) return value.bind(target)
      return async (...args: unknown[]) => {
        await turn()
        return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
      }
    },
  })
}
