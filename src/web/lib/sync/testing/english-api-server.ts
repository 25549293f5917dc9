// For web unit tests: the MSW server that isolates a screen from the network (every request must have a
// handler), started for the test file, reset after each test, and the interface in English.
import { setupServer } from 'msw/node'
import type { SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { activateLanguage } from '../../i18n/i18n'

export function setupEnglishApiServer(): SetupServer {
  const server = setupServer()
  beforeAll(() => {
    server.listen({ onUnhandledFrame: 'error' })
    activateLanguage('en')
  })
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}
