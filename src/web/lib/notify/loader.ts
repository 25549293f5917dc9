import { createStore, useStore } from './create-store'

// Count of blocking operations (sign-in, password changes); the overlay shows while above zero.
const store = createStore(0)

export async function withLoader<T>(work: () => Promise<T>): Promise<T> {
  store.set(store.get() + 1)
  try {
    return await work()
  } finally {
    store.set(Math.max(0, store.get() - 1))
  }
}

export function useLoaderActive(): boolean {
  return useStore(store) > 0
}
