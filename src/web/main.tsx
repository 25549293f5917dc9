import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { setAuthFailureHandlers } from './lib/api/api-client'
import { MiscueDb } from './lib/db/db'
import { activateLanguage } from './lib/i18n/i18n'
import { clearSession, currentWriter, rememberRedirect } from './lib/session/session'
import { Outbox } from './lib/sync/outbox'
import './styles.css'

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

// Replay the outbox at start and whenever the connection comes back, strictly in order.
void outbox.start()
window.addEventListener('online', () => void outbox.replayNow())

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App i18n={i18n} queryClient={queryClient} outbox={outbox} router={router} />
  </StrictMode>,
)
