// Setup of the web unit tests (jsdom): IndexedDB for Dexie and DOM cleanup. It imports no app module but the
// catalogs (which import nothing), so tests can vi.mock any of them.
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadCatalog } from './lib/i18n/catalogs'

// The app loads one catalog at start (ADR 0100); tests switch languages synchronously, so both are loaded.
await Promise.all([loadCatalog('en'), loadCatalog('ar')])

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})

// jsdom has no ResizeObserver; Headless UI's anchored popovers only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver
