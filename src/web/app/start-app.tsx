// The app's set-up, once its modules have run (main.tsx calls it a task later, ADR 0111): the query client,
// the router, the outbox on demand, the first screen's chunks and calls, and the first render once the
// language's catalog is in.
import type { I18n } from '@lingui/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setAuthFailureHandlers } from '../lib/api/api-client'
import { requestPersistentStorage } from '../lib/db/storage'
import { loadFullCatalog } from '../lib/i18n/i18n'
import { batchedInvalidation } from '../lib/query/batched-invalidation'
import { followConnection } from '../lib/query/online-status'
import { currentWriter, endSession, isAuthenticated, onWriterChange, rememberRedirect } from '../lib/session/session'
import { DeferredOutbox } from '../lib/sync/deferred-outbox'
import { afterFirstScreen } from './after-first-paint'
import { keepSessionRenewed } from './session-renewal'
import { App } from './app'
import { clearQueryCache, createQueryClient, savedQueries } from './query-client'
import { createAppRouter } from './router'
import type { SyncStack } from './sync-stack'
import { warmShell } from './warm-shell'

export function startApp(language: Promise<I18n>): void {
  followConnection()
  const queryClient = createQueryClient()
  // A 401 ends the session but not the user (ADR 0116): their device copy and queued writes stay for their
  // next sign-in. A read that needs the server goes to sign-in; a refused replay only says "sign in again to
  // send" (the notice in the shell), so a sitting or form in progress is not left.
  function sendToLogin() {
    endSession()
    const here = router.state.location.href
    if (!here.startsWith('/login')) rememberRedirect(here)
    void router.navigate({ to: '/login' })
  }

  // The device database and the outbox load on demand (ADR 0100): at once when someone is signed in, on
  // sign-in otherwise. A first visit to the sign-in page downloads neither.
  let stack: Promise<SyncStack> | null = null
  const invalidate = batchedInvalidation(queryClient)
  const loadStack = () => (stack ??= import('./sync-stack').then(({ createSyncStack }) => createSyncStack({
    onAccepted: (item) => invalidate(item.invalidates),
    onBlocked: endSession,
    currentOwner: currentWriter,
  })))
  const outbox = new DeferredOutbox(async () => (await loadStack()).outbox)
  const router = createAppRouter({ queryClient, outbox, deviceDb: async () => (await loadStack()).db })

  setAuthFailureHandlers({
    onUnauthorized: sendToLogin,
    onForbidden: () => void router.navigate({ to: '/access-denied' }),
  })

  // Another user, or nobody, is signed in now (sign-out, 401, sign-in as someone else, in any tab): the
  // previous user's data leaves the screen and this device's caches; their queued writes stay, unseen and
  // unsent, until they sign in again (ADR 0036).
  onWriterChange((previous, next) => {
    void clearQueryCache(queryClient, previous)
    if (previous) void loadStack().then((s) => s.purgeOwner(previous))
    void outbox.ownerChanged()
    if (next) void requestPersistentStorage()
  })
  // Signed in: open the outbox once the first screen is in, which replays what is due (writes are only
  // ever sent for the signed-in user, so with nobody signed in there is nothing to send and nothing to
  // load). Not before: the device database would compete with the first screen's code and answers (ADR
  // 0108, 0109); a write made before then loads it at once.
  const owner = currentWriter()
  if (owner) {
    void savedQueries?.load(owner) // read alongside the catalog, for the restore at the first render
    void afterFirstScreen(router, queryClient).then(() => {
      void outbox.load()
      keepSessionRenewed()
    })
    void requestPersistentStorage()
  } else {
    keepSessionRenewed()
  }
  // Replay whenever the connection comes back.
  window.addEventListener('online', () => {
    if (currentWriter()) void outbox.replayNow()
  })

  // Fetch the chunks of the screen being opened now, alongside the catalog, rather than after the first render;
  // and, signed in, the shell's calls too.
  const opening = router.matchRoutes(router.state.location)
  if (isAuthenticated() && opening.some((match) => match.routeId === '/_app')) warmShell(queryClient)
  for (const match of opening) {
    void router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => {})
  }

  void language.then((i18n) => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App i18n={i18n} queryClient={queryClient} outbox={outbox} router={router} />
      </StrictMode>,
    )
  })
  // A first visit to the sign-in page starts with its own messages (ADR 0105), one to a class report with
  // the app's start's and the report's (ADR 0108). The rest of the catalog is needed once the user is signed
  // in or leaves the report: it is fetched as soon as they start on the page, not with the first paint (and
  // the service worker's precache, after the first paint, usually has it by then).
  const fetchFullCatalog = () => void loadFullCatalog().catch(() => {})
  for (const type of ['pointerdown', 'keydown', 'input']) document.addEventListener(type, fetchFullCatalog, { once: true, passive: true, capture: true })
}
