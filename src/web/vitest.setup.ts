// Setup of the web unit tests (jsdom): IndexedDB for Dexie and DOM cleanup. It imports no app module,
// so tests can vi.mock any of them.
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

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
