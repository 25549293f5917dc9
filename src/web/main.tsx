import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { reloadOnFailedChunk } from './app/chunk-reload'
import { clearQueryCache, createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { setAuthFailureHandlers } from './lib/api/api-client'
import { MiscueDb } from './lib/db/db'
import { purgeOwner } from './lib/db/device-cache'
import { requestPersistentStorage } from './lib/db/storage'
import { activateLanguage } from './lib/i18n/i18n'
import { clearSession, currentWriter, onWriterChange, rememberRedirect } from './lib/session/session'
import { Outbox } from './lib/sync/outbox'
import './styles.css'

reloadOnFailedChunk()
const i18n = activateLanguage()
const queryClient = createQueryClient()
const db = new MiscueDb()
// A 401 anywhere (a query or an outbox replay) ends the session; queued writes stay for the next sign-in.
function sendToLogin() {
  clearSession()
  const here = router.state.location.href
  if (!here.startsWith('/login')) rememberRedirect(here)
  void router.navigate({ to: '/login' })
}

const outbox = new Outbox({
  db,
  onAccepted: (item) => queryClient.invalidateQueries({ queryKey: [...item.invalidates] }),
  onBlocked: sendToLogin,
  currentOwner: currentWriter,
})
const router = createAppRouter({ queryClient, outbox, db })

setAuthFailureHandlers({
  onUnauthorized: sendToLogin,
  onForbidden: () => void router.navigate({ to: '/access-denied' }),
})

// Another user, or nobody, is signed in now (sign-out, 401, sign-in as someone else, in any tab): the
// previous user's data leaves the screen and this device's caches; their queued writes stay, unseen and
// unsent, until they sign in again (ADR 0036).
onWriterChange((previous, next) => {
  clearQueryCache(queryClient, previous)
  if (previous) void purgeOwner(db, previous)
  void outbox.ownerChanged()
  if (next) void requestPersistentStorage()
})
if (currentWriter()) void requestPersistentStorage()

// Replay the outbox at start and whenever the connection comes back.
void outbox.start()
window.addEventListener('online', () => void outbox.replayNow())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} outbox={outbox} router={router} />
  </StrictMode>,
)
