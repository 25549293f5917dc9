// One kit for an entity's writes (ADR 0040): save, delete, the list's pending rows, refused writes, edit
// conflicts and their resolution, all through the outbox. A feature describes its entity once —
//
//   export const gradeWrites = defineEntityWrites<Grade, GradeInput, { schoolId: number }>({
//     entity: 'grade',
//     paths: { create: ({ schoolId }) => api.grades(schoolId), record: ({ schoolId }, id) => api.grade(schoolId, id) },
//     keys: ({ schoolId }) => gradeKeys.all(schoolId),
//     scope: ({ schoolId }) => ({ schoolId }),
//     label: (grade) => grade.display_name,
//   })
//
// — and its screens use the hooks: `gradeWrites.useSave(ctx)`, `gradeWrites.usePendingRows(ctx)`, …
//
// Versions: an edit carries the `updated_at` the form started from, so the server refuses (409, code
// `conflict`, with the record as it is now) instead of overwriting someone else's change. Only that code is
// a conflict; any other refusal is shown with the server's messages. An edit form starts from the last edit
// of its record still queued on this device (useQueuedEdit), and that edit's answer is the version the new
// edit carries (the outbox chains them), so two offline edits of one record land as two versions (ADR 0116).
// References: a create still in the outbox can be used by later writes as `{ $ref: itemId }` (for example
// the class of a student created offline); the outbox puts the server's id in its place once the create
// is accepted.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { OutboxItem } from '../db/db'
import { isConflict } from './replay-policy'
import type { EnqueueResult, NewOutboxItem, Outbox } from './outbox'
import { useOutbox, useOutboxItems } from './outbox-context'
import type { PendingRow } from './pending-row'
import { ref } from './references'
import type { OutboxRef } from './references'

export type WriteScope = Record<string, string | number>

/** The version an edit started from: the record's id and, when the server has one, its `updated_at`. */
export type BaseVersion = { id: number; updated_at?: string }

/**
 * More about one write: the outbox item id to use (a record made on the device keeps its id as its
 * Idempotency-Key), a file to send with it as multipart (ADR 0081), and whether to wait for the send.
 */
export type WriteExtras = { id?: string; file?: NewOutboxItem['file']; wait?: boolean }

/** A create still in the outbox, offered as a choice in other forms (shown as pending). */
export type PendingCreate = { ref: OutboxRef; label: string; item: OutboxItem }

export type EntityWritesDefinition<Row, Body, Ctx> = {
  /** Name stored on each outbox item (also what the sync panel groups by). */
  entity: string
  paths: {
    /** POST target of a new record. */
    create: (ctx: Ctx) => string
    /** PUT and DELETE target of an existing record. */
    record: (ctx: Ctx, id: number) => string
  }
  /** Query key prefix refreshed once the server accepts a write. */
  keys: (ctx: Ctx) => readonly unknown[]
  /** What the write belongs to (the school, the year …); lists filter on every key it returns without a body. */
  scope: (ctx: Ctx, body?: Body) => WriteScope
  /** Short text naming the record in toasts, the sync panel and the conflict view. */
  label: (body: Body) => string
  /** The same for a row of the list (defaults to `label` on the row). */
  rowLabel?: (row: Row) => string
  /** The body of a create when it needs more than the form's values (for example the parent's id). */
  createBody?: (body: Body, ctx: Ctx) => unknown
  /** A pending row's values for the list's columns (default: the body as sent). */
  pendingValues?: (item: OutboxItem) => Partial<Row>
  /** Runs after a write the server accepted at once (for example refreshing the shell's selectors). */
  afterAccepted?: (queryClient: ReturnType<typeof useQueryClient>) => Promise<unknown>
}

function inScope(item: OutboxItem, wanted: WriteScope): boolean {
  return Object.entries(wanted).every(([key, value]) => item.scope[key] === value)
}

/**
 * Creates of `entity` within `scope` not yet accepted (nor refused), usable as references by later writes.
 * For a feature that offers another feature's pending records (features never import each other).
 */
export function usePendingCreatesOf(entity: string, scope: WriteScope): PendingCreate[] {
  const items = useOutboxItems()
  const scopeKey = JSON.stringify(scope)
  return useMemo(() => {
    const wanted = JSON.parse(scopeKey) as WriteScope
    return items
      .filter((item) => item.entity === entity && item.operation === 'create' && item.status === 'pending' && inScope(item, wanted))
      .map((item) => ({ ref: ref(item.id), label: item.label, item }))
  }, [items, entity, scopeKey])
}

export function defineEntityWrites<Row, Body, Ctx = void>(def: EntityWritesDefinition<Row, Body, Ctx>) {
  const rowLabel = def.rowLabel ?? ((row: Row) => def.label(row as unknown as Body))
  const pendingValues = def.pendingValues ?? ((item: OutboxItem) => (item.body ?? {}) as Partial<Row>)
  const mine = (item: OutboxItem) => item.entity === def.entity

  /** This entity's items within the context's scope, in replay order, re-rendering on outbox changes. */
  function useItems(ctx: Ctx, filter: (item: OutboxItem) => boolean): OutboxItem[] {
    const items = useOutboxItems()
    const scopeKey = JSON.stringify(def.scope(ctx))
    return useMemo(() => {
      const wanted = JSON.parse(scopeKey) as WriteScope
      return items.filter((item) => mine(item) && inScope(item, wanted) && filter(item))
      // `filter` is module-level in every caller below.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [items, scopeKey])
  }

  /**
   * Queues a create (without `base`) or an update of `base.id` carrying the version the form started from.
   * `label` names the record when the body alone does not. For hooks, see useSave.
   */
  function send(outbox: Pick<Outbox, 'enqueue'>, ctx: Ctx, body: Body, base?: BaseVersion, label?: string, extras: WriteExtras = {}): Promise<EnqueueResult> {
    const update = base !== undefined
    const sent = update
      ? { ...body, ...(base.updated_at ? { updated_at: base.updated_at } : {}) }
      : def.createBody ? def.createBody(body, ctx) : body
    return outbox.enqueue({
      entity: def.entity,
      operation: update ? 'update' : 'create',
      method: update ? 'PUT' : 'POST',
      path: update ? def.paths.record(ctx, base.id) : def.paths.create(ctx),
      body: sent,
      invalidates: def.keys(ctx),
      scope: def.scope(ctx, body),
      recordId: base?.id,
      label: label ?? def.label(body),
      id: extras.id,
      file: extras.file,
      chainVersion: base?.updated_at !== undefined,
    }, { wait: extras.wait })
  }

  /**
   * The body of the last edit of `recordId` still queued on this device: what its edit form starts from.
   * null when there is none (or no record), undefined while the device is being read.
   */
  function useQueuedEdit(recordId: number | undefined): Body | null | undefined {
    const outbox = useOutbox()
    const [found, setFound] = useState<{ recordId: number; body: Body | null }>()
    useEffect(() => {
      if (recordId === undefined) return
      let live = true
      outbox.lastQueuedEdit(def.entity, recordId)
        .then((item) => (item?.body ?? null) as Body | null, () => null)
        .then((body) => {
          if (live) setFound({ recordId, body })
        })
      return () => {
        live = false
      }
    }, [outbox, recordId])
    if (recordId === undefined) return null
    return found?.recordId === recordId ? found.body : undefined
  }

  function useSave(ctx: Ctx) {
    const outbox = useOutbox()
    const queryClient = useQueryClient()
    return async (body: Body, base?: BaseVersion, label?: string, extras?: WriteExtras): Promise<EnqueueResult> => {
      const result = await send(outbox, ctx, body, base, label, extras)
      if (result.state === 'accepted' && def.afterAccepted) await def.afterAccepted(queryClient)
      return result
    }
  }

  function useDelete(ctx: Ctx) {
    const outbox = useOutbox()
    const queryClient = useQueryClient()
    return async (row: Row & { id: number }): Promise<EnqueueResult> => {
      const result = await outbox.enqueue({
        entity: def.entity,
        operation: 'delete',
        method: 'DELETE',
        path: def.paths.record(ctx, row.id),
        invalidates: def.keys(ctx),
        scope: def.scope(ctx),
        recordId: row.id,
        label: rowLabel(row),
      })
      if (result.state === 'accepted' && def.afterAccepted) await def.afterAccepted(queryClient)
      return result
    }
  }

  /**
   * Writes still in the outbox, as the list's "Pending sync" rows. `toValues` (stable: module-level or
   * memoised) maps a write onto the list's columns when that needs the screen's data.
   */
  function usePendingRows(ctx: Ctx, toValues: (item: OutboxItem) => Partial<Row> = pendingValues): PendingRow<Row>[] {
    const items = useItems(ctx, () => true)
    return useMemo(
      () => items.map((item) => ({
        key: item.id,
        kind: item.operation,
        rowId: item.recordId,
        values: toValues(item),
        rejected: item.status === 'rejected',
      })),
      [items, toValues],
    )
  }

  /** Creates not yet accepted (nor refused), usable as references by later writes. */
  function usePendingCreates(ctx: Ctx): PendingCreate[] {
    return usePendingCreatesOf(def.entity, def.scope(ctx))
  }

  /** Writes the server refused, conflicts included; `recordId` narrows them to one record (an edit page). */
  function useRejections(ctx: Ctx, recordId?: number): OutboxItem[] {
    const items = useItems(ctx, (item) => item.status === 'rejected')
    return useMemo(() => (recordId === undefined ? items : items.filter((item) => item.recordId === recordId)), [items, recordId])
  }

  /** Edits refused because the record changed meanwhile (409 `conflict`), waiting for the user's choice. */
  function useConflicts(ctx: Ctx): OutboxItem[] {
    return useItems(ctx, isConflict)
  }

  /**
   * The ways out of a conflict. keepMine queues the user's values again as a NEW write (its own
   * Idempotency-Key) over the version the server has now, in place of the refused one; takeTheirs drops the
   * user's change (their choice) and refreshes the lists. "Decide later" is doing nothing: the item stays.
   */
  function useResolveConflict(ctx: Ctx) {
    const outbox = useOutbox()
    const queryClient = useQueryClient()
    return {
      keepMine: async (item: OutboxItem, current: { updated_at?: string }): Promise<EnqueueResult> => {
        const body = { ...(item.body as object), ...(current.updated_at ? { updated_at: current.updated_at } : {}) }
        // The refused item goes first: a rejected write holds back later writes to the same record.
        await outbox.discard(item.id)
        return outbox.enqueue({
          entity: item.entity,
          operation: item.operation,
          method: item.method,
          path: item.path,
          body,
          invalidates: item.invalidates,
          scope: item.scope,
          recordId: item.recordId,
          label: item.label,
        })
      },
      takeTheirs: async (item: OutboxItem): Promise<void> => {
        await outbox.discard(item.id)
        await queryClient.invalidateQueries({ queryKey: def.keys(ctx) })
      },
    }
  }

  /**
   * Calls `onSynced` when a write of this entity queued earlier leaves the outbox while the screen is open
   * (for example to refresh the shell's selectors after a school created offline reaches the server).
   */
  function useWhenSynced(onSynced: () => void): void {
    const items = useOutboxItems()
    const ids = useMemo(() => items.filter((item) => mine(item) && item.status === 'pending').map((item) => item.id), [items])
    const previous = useRef<readonly string[]>(ids)
    const callback = useRef(onSynced)
    useEffect(() => {
      callback.current = onSynced
    })
    useEffect(() => {
      const gone = previous.current.some((id) => !ids.includes(id))
      previous.current = ids
      if (gone) callback.current()
    }, [ids])
  }

  return {
    entity: def.entity,
    rowLabel,
    isConflict: (item: OutboxItem) => mine(item) && isConflict(item),
    send,
    useSave,
    useQueuedEdit,
    useDelete,
    usePendingRows,
    usePendingCreates,
    useRejections,
    useConflicts,
    useResolveConflict,
    useWhenSynced,
  }
}

export type EntityWrites<Row, Body, Ctx> = ReturnType<typeof defineEntityWrites<Row, Body, Ctx>>
