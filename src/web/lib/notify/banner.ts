import { createStore, useStore } from './create-store'

export type BannerKind = 'success' | 'error' | 'info' | 'warning'
export type Banner = { kind: BannerKind; messages: string[] }

// The message banner above the page content; cleared on every route change (spec §4).
const store = createStore<Banner | null>(null)

export function showBanner(kind: BannerKind, messages: string | string[]): void {
  store.set({ kind, messages: Array.isArray(messages) ? messages : [messages] })
  // Errors are shown at the top of the page (spec §8 "scroll to top").
  if (kind === 'error') window.scrollTo?.({ top: 0, behavior: 'smooth' })
}

export function clearBanner(): void {
  if (store.get()) store.set(null)
}

export function useBanner(): Banner | null {
  return useStore(store)
}
