import { I18nProvider } from '@lingui/react'
import type { I18n } from '@lingui/core'
import { onlineManager, useIsRestoring } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { RouterProvider } from '@tanstack/react-router'
import { OutboxProvider } from '../lib/sync/outbox-context'
import type { OutboxApi } from '../lib/sync/deferred-outbox'
import { currentWriter } from '../lib/session/session'
import { persistOptions, refreshRestored, restoreWaits, savedQueries } from './query-client'
import type { createAppRouter } from './router'

type AppProps = {
  i18n: I18n
  queryClient: QueryClient
  outbox: OutboxApi
  router: ReturnType<typeof createAppRouter>
}

export function App({ i18n, queryClient, outbox, router }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      {/* Restored answers render at once; when online they are refreshed in the background, since the
          last copy written to storage may predate the final writes of the previous visit. Answers fetched
          since the page started (the shell's, often answered before the restore ends) are current. */}
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}
        onSuccess={() => {
          if (onlineManager.isOnline()) void refreshRestored(queryClient)
          if (!restoreWaits()) mergeSavedCopyBehind(queryClient)
        }}>
        <OutboxProvider outbox={outbox}>
          <RestoredRouter router={router} />
        </OutboxProvider>
      </PersistQueryClientProvider>
    </I18nProvider>
  )
}

/**
 * A page restored without waiting for the device (`restoreWaits`) merges the user's saved copy once read. The
 * code that merges it is fetched only when there is one: a first visit has none, and one file less to load.
 */
function mergeSavedCopyBehind(queryClient: QueryClient): void {
  const owner = currentWriter()
  if (!owner || !savedQueries) return
  void savedQueries.load(owner).then((copy) => {
    if (copy) void import('./restore-behind').then(({ restoreBehind }) => restoreBehind(queryClient))
  })
}

/** Route guards read the query cache, so routing waits until the persisted cache is restored. */
function RestoredRouter({ router }: { router: AppProps['router'] }) {
  const restoring = useIsRestoring()
  if (restoring) return null
  return <RouterProvider router={router} />
}
