// Optimistic concurrency for edits (docs/adr/0031). Every read answers `updated_at`; an update that sends it
// back is checked inside the update's transaction, against the row locked with SELECT … FOR UPDATE, so two
// edits from one version cannot both win. A stale edit answers 409 with code `conflict` and the record as
// the read call returns it, so the user can compare their copy with the current one.
import { HttpError } from './http-error'
import type { Lang } from './messages'

/** True when the client sent the version it started from and the record has changed since. */
export function isStale(sent: string | undefined, current: Date): boolean {
  return sent !== undefined && new Date(sent).getTime() !== current.getTime()
}

/** Refuses a stale edit with the current record (`current` builds it as the read call answers it). */
export async function assertFresh(sent: string | undefined, version: Date, lang: Lang, current: () => Promise<unknown>): Promise<void> {
  if (isStale(sent, version)) throw HttpError.conflict(lang, await current())
}

/**
 * The version an edit writes: now, but always after the previous one (versions are compared to the
 * millisecond, and two quick edits must never share one).
 */
export function nextVersion(previous: Date): Date {
  return new Date(Math.max(Date.now(), previous.getTime() + 1))
}
