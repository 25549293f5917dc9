/**
 * Resolves in a task of its own, after the browser has had the chance to paint and to handle input: for
 * splitting a long piece of start-up work in two (ADR 0111). `scheduler.yield` where the browser has it
 * (it keeps the continuation ahead of other queued work), else a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
