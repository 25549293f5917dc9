import type { QueryClient } from '@tanstack/react-query'
import type { MiscueDb } from '../lib/db/db'
import type { Outbox } from '../lib/sync/outbox'

export type RouterContext = {
  queryClient: QueryClient
  outbox: Outbox
  db: MiscueDb
}
