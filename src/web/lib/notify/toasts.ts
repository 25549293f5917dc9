import { createStore, useStore } from './create-store'

export type ToastKind = 'success' | 'error' | 'info' | 'warning'
export type Toast = { id: number; kind: ToastKind; text: string }

export const TOAST_DURATION_MS = 5_000

// One toast at a time (spec §8): a new toast replaces the one on screen.
const store = createStore<Toast | null>(null)
let nextId = 1
let timer: ReturnType<typeof setTimeout> | undefined

export function showToast(kind: ToastKind, text: string): void {
  const toast = { id: nextId++, kind, text }
  store.set(toast)
  clearTimeout(timer)
  timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS)
}

export function dismissToast(id?: number): void {
  const current = store.get()
  if (current && (id === undefined || current.id === id)) store.set(null)
}

export function useToast(): Toast | null {
  return useStore(store)
}
