/** Resolves when the browser is next idle (within `timeout` ms at most): for work nobody is waiting to see. */
export function whenIdle(timeout = 3_000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout })
    else setTimeout(resolve, 50)
  })
}
