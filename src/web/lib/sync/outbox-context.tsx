import { createContext, use, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import type { OutboxApi } from './deferred-outbox'
import type { OutboxItem } from '../db/db'

const OutboxContext = createContext<OutboxApi | null>(null)

export function OutboxProvider({ outbox, children }: { outbox: OutboxApi; children: ReactNode }) {
  return <OutboxContext value={outbox}>{children}</OutboxContext>
}

export function useOutbox(): OutboxApi {
  const outbox = use(OutboxContext)
  if (!outbox) throw new Error('useOutbox needs an OutboxProvider')
  return outbox
}

/** All stored items in replay order, re-rendering on every change. */
export function useOutboxItems(): readonly OutboxItem[] {
  const outbox = useOutbox()
  return useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.items(),
  )
}

/** The id of the write this tab is sending right now, or null (a list shows it as "sending"). */
export function useSendingId(): string | null {
  const outbox = useOutbox()
  return useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.sendingId(),
  )
}

/** Drops a queued or refused write: only ever on the user's explicit choice. */
export function useDiscardWrite(): (id: string) => Promise<void> {
  const outbox = useOutbox()
  return (id: string) => outbox.discard(id)
}
