// Refreshes the reference lists behind the shell's school and academic-year selectors after a screen
// changed them (a school or year created, renamed or deleted). lib cannot import features, so the key
// prefixes are repeated here; they MUST match shellKeys in src/web/features/shell/queries.ts
// (['shell', 'my-schools'] and ['shell', 'academic-years']).
import type { QueryClient } from '@tanstack/react-query'

export const REFERENCE_KEYS = {
  schools: ['shell', 'my-schools'],
  years: ['shell', 'academic-years'],
} as const

export type ReferenceList = keyof typeof REFERENCE_KEYS

/**
 * Marks the list stale and refetches it now, even with no component subscribed (the shell reads it
 * through the route context), so the next navigation shows the new list. Never rejects: offline, the
 * list stays stale and is fetched again on the next visit.
 */
export async function refreshReference(queryClient: QueryClient, list: ReferenceList): Promise<void> {
  try {
    await queryClient.invalidateQueries({ queryKey: [...REFERENCE_KEYS[list]], refetchType: 'all' })
  } catch {
    // Stale is fine; the shell revalidates on its next load.
  }
}
