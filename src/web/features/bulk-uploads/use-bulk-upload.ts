// One upload from choosing the file to its results (ADR 0080, 0081): the worker checks every row first; the
// user sends the valid rows (the whole file when all are valid) through the outbox, so an upload made offline
// waits on the device and is sent on reconnect; the answer is the rows' results, or an upload id when the
// server imports a large file in the background (followed by polling its status).
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { BulkContext, BulkReferences } from '../../../shared/bulk/row-checks'
import { UPLOAD_FIELD } from '../../../shared/bulk/upload-kinds'
import type { UploadQueued, UploadResultRow } from '../../../shared/schemas/bulk-upload'
import { rejectionMessages } from '../../lib/sync/rejection-messages'
import { useOutbox } from '../../lib/sync/outbox-context'
import { notStoredMessage } from '../../lib/sync/use-write-outcome'
import type { OutboxItem } from '../../lib/db/db'
import { createSpreadsheetWorker } from '../../workers/spreadsheet-client'
import type { SpreadsheetWorker } from '../../workers/spreadsheet-client'
import type { Prevalidation } from '../../workers/prevalidate'
import { fileProblemMessages, isSpreadsheetName } from './file-problems'
import { bulkKeys } from './queries'
import type { ScreenChoice, UploadScreen } from './upload-screens'

export type Checked = Extract<Prevalidation, { ok: true }>

export type UploadPhase =
  | { name: 'idle' }
  | { name: 'checking'; file: File; done: number; total: number }
  | { name: 'problem'; file: File | null; messages: string[] }
  | { name: 'preview'; file: File; check: Checked }
  | { name: 'sending'; file: File; check: Checked }
  /** Saved on the device: sent when the connection is back. */
  | { name: 'queued'; file: File; check: Checked; itemId: string }
  /** The server imports it in the background. */
  | { name: 'importing'; file: File; check: Checked; uploadId: string; total: number }
  /** `results` lists every row sent, or only the refused ones after a background import. */
  | { name: 'done'; file: File; check: Checked; results: UploadResultRow[]; success: number; total: number; uploadId?: string }

const isQueuedAnswer = (payload: unknown): payload is UploadQueued =>
  typeof payload === 'object' && payload !== null && !Array.isArray(payload) && 'upload_id' in payload

export function useBulkUpload(screen: UploadScreen, choice: ScreenChoice, refs: BulkReferences | undefined) {
  const { t, i18n } = useLingui()
  const outbox = useOutbox()
  const queryClient = useQueryClient()
  const [phase, setPhase] = useState<UploadPhase>({ name: 'idle' })
  /** Counts the times the screen started over: the file input is emptied each time. */
  const [resets, setResets] = useState(0)
  const worker = useRef<SpreadsheetWorker | null>(null)
  const workerOf = () => (worker.current ??= createSpreadsheetWorker())
  useEffect(() => () => worker.current?.terminate(), [])

  const ctx: BulkContext = { schoolId: choice.schoolId ?? undefined, yearId: choice.yearId ?? undefined, classId: choice.classId ?? undefined }

  const choose = async (file: File | null) => {
    if (!file) return setPhase({ name: 'idle' })
    if (!isSpreadsheetName(file.name)) {
      const name = file.name
      return setPhase({ name: 'problem', file, messages: [t`“${name}” is not a spreadsheet. Only .xls and .xlsx files can be uploaded.`] })
    }
    setPhase({ name: 'checking', file, done: 0, total: 0 })
    try {
      const result = await workerOf().check(file, screen.kind, refs ?? {}, ctx, (done, total) => setPhase({ name: 'checking', file, done, total }))
      setPhase(result.ok ? { name: 'preview', file, check: result } : { name: 'problem', file, messages: fileProblemMessages(i18n, result) })
    } catch {
      setPhase({ name: 'problem', file, messages: [t`This file could not be read. Open it in Excel or LibreOffice, save it again as .xlsx and choose it again.`] })
    }
  }

  /** What the server answered for an upload (at once, or once the outbox sent a queued one). */
  const settle = useCallback((file: File, check: Checked, payload: unknown) => {
    void queryClient.invalidateQueries({ queryKey: bulkKeys.history(screen.kind) })
    if (isQueuedAnswer(payload)) return setPhase({ name: 'importing', file, check, uploadId: payload.upload_id, total: payload.total })
    const results = Array.isArray(payload) ? (payload as UploadResultRow[]) : []
    setPhase({ name: 'done', file, check, results, success: results.filter((r) => r.status === 'success').length, total: results.length })
  }, [queryClient, screen.kind])

  // An upload saved offline: once the outbox sends it, its answer is shown here.
  const queuedId = phase.name === 'queued' ? phase.itemId : null
  useEffect(() => {
    if (!queuedId || phase.name !== 'queued') return
    const { file, check } = phase
    const follow = (item: OutboxItem | undefined) => {
      if (!item) {
        const payload = outbox.takeAcceptedPayload(queuedId)
        if (payload !== undefined) settle(file, check, payload)
        else setPhase({ name: 'done', file, check, results: [], success: check.valid.length, total: check.valid.length })
      } else if (item.status === 'rejected') {
        setPhase({ name: 'problem', file, messages: [...new Set(rejectionMessages(item))] })
        void outbox.discard(item.id)
      }
    }
    follow(outbox.items().find((i) => i.id === queuedId) ?? { id: queuedId, status: 'pending' } as OutboxItem)
    return outbox.subscribe(() => follow(outbox.items().find((i) => i.id === queuedId)))
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows one queued upload
  }, [queuedId])

  const send = async () => {
    if (phase.name !== 'preview') return
    const { file, check } = phase
    const path = screen.path(choice)
    if (!path || check.valid.length === 0) return
    setPhase({ name: 'sending', file, check })
    try {
      // Only the valid rows go: the whole file when every row is valid, else a workbook of those rows that
      // keeps their row numbers (the server reads and checks it again).
      const whole = check.invalid.length === 0
      const bytes = whole ? await file.arrayBuffer() : (await workerOf().validFile(check.headers, check.valid, check.sheetName)).buffer as ArrayBuffer
      const name = whole ? file.name : file.name.replace(/\.xlsx?$/i, '') + '.xlsx'
      const result = await outbox.enqueue({
        entity: 'bulk-upload',
        operation: 'create',
        method: 'POST',
        path,
        file: { field: UPLOAD_FIELD[screen.kind], name, type: file.type || 'application/octet-stream', size: bytes.byteLength, bytes, fields: screen.fields(choice) },
        // A bulk import changes many lists: every query is refreshed once it is accepted.
        invalidates: [],
        scope: { kind: screen.kind },
        label: file.name,
      })
      if (result.state === 'accepted') return settle(file, check, result.payload)
      if (result.state === 'queued') return setPhase({ name: 'queued', file, check, itemId: result.item.id })
      if (result.state === 'not-stored') return setPhase({ name: 'problem', file, messages: [notStoredMessage(i18n)] })
      await outbox.discard(result.item.id)
      setPhase({ name: 'problem', file, messages: [...new Set(rejectionMessages(result.item))] })
    } catch {
      setPhase({ name: 'problem', file, messages: [t`The upload could not be prepared. Choose the file again.`] })
    }
  }

  /** The rows to fix: the ones the check refused and the ones the server refused, with their reasons. */
  const fixFile = async (rows: { cells: Checked['valid'][number]['cells']; error: string }[], headers: string[]) => {
    const arabic = i18n.locale.startsWith('ar')
    return workerOf().fixFile(headers, rows, { sheet: t`Rows to fix`, errorColumn: t`Error`, rtl: arabic })
  }

  /** A background import ended: its refused rows and counts, or why it stopped. */
  const finishImport = (outcome: { results: UploadResultRow[]; success: number; total: number } | { error: string }) => {
    if (phase.name !== 'importing') return
    void queryClient.invalidateQueries({ queryKey: bulkKeys.history(screen.kind) })
    if ('error' in outcome) return setPhase({ name: 'problem', file: phase.file, messages: [outcome.error] })
    setPhase({ name: 'done', file: phase.file, check: phase.check, ...outcome, uploadId: phase.uploadId })
  }

  const reset = () => {
    setPhase({ name: 'idle' })
    setResets((n) => n + 1)
  }

  return { phase, resets, choose, send, reset, fixFile, finishImport }
}
