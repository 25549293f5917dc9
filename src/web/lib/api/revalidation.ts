// The answers to GET calls kept with the server's ETag (ADR 0102), so the next call for the same address
// sends If-None-Match and, when nothing changed, gets 304 with no body instead of the whole list again.
// Kept per user (the key starts with the signed-in writer, `host|userId`) and per language. In memory
// for this page (the last KEPT_IN_MEMORY addresses); across reloads in the device cache once the device
// database has loaded (app/sync-stack.ts registers it), so the refresh after a reload revalidates too.
import { currentWriter } from '../session/session'
import { getLanguage } from '../i18n/language'

export type KeptAnswer = { etag: string; payload: unknown }
export type KeptAnswerStore = {
  get(key: string): Promise<KeptAnswer | undefined>
  put(key: string, kept: KeptAnswer): Promise<void>
}

const KEPT_IN_MEMORY = 100
const memory = new Map<string, KeptAnswer>()
let store: KeptAnswerStore | null = null

/** The device's store for kept answers (null: memory only). */
export function setKeptAnswerStore(next: KeptAnswerStore | null): void {
  store = next
}

/** The key of a GET of this address for the signed-in user, or null when nobody is signed in. */
export function keptKey(url: string): string | null {
  const writer = currentWriter()
  return writer ? `${writer}|${getLanguage()}|${url}` : null
}

export async function keptAnswer(key: string): Promise<KeptAnswer | undefined> {
  const inMemory = memory.get(key)
  if (inMemory) return inMemory
  try {
    return (await store?.get(key)) ?? undefined
  } catch {
    return undefined // storage refused: ask for the whole answer
  }
}

export function keepAnswer(key: string, kept: KeptAnswer): void {
  memory.delete(key)
  memory.set(key, kept)
  if (memory.size > KEPT_IN_MEMORY) memory.delete(memory.keys().next().value!)
  void store?.put(key, kept).catch(() => {})
}

/** Another user signed in (or nobody): nothing kept for the previous one stays in memory. */
export function forgetKeptAnswers(): void {
  memory.clear()
}
