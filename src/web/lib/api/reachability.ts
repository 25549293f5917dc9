// Whether the server answers, as the calls find it: a call that got an HTTP answer (any status) says it does,
// one that got none (no connection, a timeout) says it does not. The browser's "online" only says a network is
// there; a school Wi-Fi without internet is "online" too (ADR 0115).
type Listener = (answers: boolean) => void

const listeners = new Set<Listener>()

/** Calls `listener` after each call with whether it was answered; returns the unsubscribe function. */
export function onCallOutcome(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function reportCallOutcome(answered: boolean): void {
  for (const listener of listeners) listener(answered)
}
