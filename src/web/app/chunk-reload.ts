// After an update the files of the previous build are gone: a tab still running old code that lazy-loads
// one of its chunks gets a 404. Instead of a broken screen, the page reloads once (onto the new build);
// a sessionStorage mark keeps a chunk that is really broken from reloading the page in a loop.
const RELOADED_KEY = 'miscue-chunk-reload'
/** How long after a reload another failed chunk counts as the same failure (no second reload). */
const GUARD_MS = 60_000

const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : ''
  return CHUNK_ERROR.test(message)
}

/** Reloads once for a failed chunk; returns false when it already did so a moment ago. */
export function reloadOnce(storage: Storage = sessionStorage, reload = () => window.location.reload(), now = Date.now()): boolean {
  const last = Number(storage.getItem(RELOADED_KEY) ?? 0)
  if (now - last < GUARD_MS) return false
  storage.setItem(RELOADED_KEY, String(now))
  reload()
  return true
}

/** Listens for Vite's preload errors and unhandled failed imports (the router's lazy routes). */
export function reloadOnFailedChunk(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault()
  })
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason) && reloadOnce()) event.preventDefault()
  })
}
