import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterFirstScreen } from './app/after-first-paint'
import { App } from './app/app'
import { reloadOnFailedChunk } from './app/chunk-reload'
import { clearQueryCache, createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import type { SyncStack } from './app/sync-stack'
import { warmShell } from './app/warm-shell'
import { setAuthFailureHandlers } from './lib/api/api-client'
import { forgetKeptAnswers } from './lib/api/revalidation'
import { requestPersistentStorage } from './lib/db/storage'
import { loadAndActivateLanguage, loadFullCatalog } from './lib/i18n/i18n'
import { batchedInvalidation } from './lib/query/batched-invalidation'
import { clearSession, currentWriter, isAuthenticated, onWriterChange, rememberRedirect } from './lib/session/session'
import { DeferredOutbox } from './lib/sync/deferred-outbox'
import './styles.css'

reloadOnFailedChunk()
// Only the active language's catalog is fetched (ADR 0100); the first render waits for it, below.
const language = loadAndActivateLanguage()
const queryClient = createQueryClient()
// A 401 anywhere (a query or an outbox replay) ends the session; queued writes stay for the next sign-in.
function sendToLogin() {
  clearSession()
  const here = router.state.location.href
  if (!here.startsWith('/login')) rememberRedirect(here)
  void router.navigate({ to: '/login' })
}

// The device database and the outbox load on demand (ADR 0100): at once when someone is signed in, on
// sign-in otherwise. A first visit to the sign-in page downloads neither.
let stack: Promise<SyncStack> | null = null
const invalidate = batchedInvalidation(queryClient)
const loadStack = () => (stack ??= import('./app/sync-stack').then(({ createSyncStack }) => createSyncStack({
  onAccepted: (item) => invalidate(item.invalidates),
  onBlocked: sendToLogin,
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
  clearQueryCache(queryClient, previous)
  forgetKeptAnswers()
  if (previous) void loadStack().then((s) => s.purgeOwner(previous))
  void outbox.ownerChanged()
  if (next) void requestPersistentStorage()
})
// Signed in: open the outbox once the first screen is in, which replays what is due (writes are only
// ever sent for the signed-in user, so with nobody signed in there is nothing to send and nothing to
// load). Not before: the device database would compete with the first screen's code and answers (ADR
// 0108, 0109); a write made before then loads it at once.
if (currentWriter()) {
  void afterFirstScreen(router, queryClient).then(() => outbox.load())
  void requestPersistentStorage()
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
// A first visit to the sign-in page starts with its own messages (ADR 0105). The rest of the catalog is
// needed once the user is signed in: it is fetched as soon as they start on the form, not with the first
// paint (and the service worker's precache, after the first paint, usually has it by then).
const fetchFullCatalog = () => void loadFullCatalog().catch(() => {})
for (const type of ['pointerdown', 'keydown', 'input']) document.addEventListener(type, fetchFullCatalog, { once: true, passive: true, capture: true })
