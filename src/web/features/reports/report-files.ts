// Report files: downloads need the server to build the file, so offline they are refused with a clear
// message (never a broken file); email requests are writes, so they go through the outbox and wait
// there while offline, reaching the server when the connection returns.
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { isApiError } from '../../lib/api/api-error'
import { downloadFile } from '../../lib/api/download'
import { showToast } from '../../lib/notify/toasts'
import { useOutbox } from '../../lib/sync/outbox-context'
import { notStoredMessage } from '../../lib/sync/use-write-outcome'

export type FileRequest = { path: string; label: string }

export function useReportFiles() {
  const { t, i18n } = useLingui()
  const outbox = useOutbox()
  const [busy, setBusy] = useState(false)

  async function download(request: FileRequest): Promise<void> {
    if (!navigator.onLine) {
      showToast('warning', t`You are offline. Report files are built by the server: download again when you are back online.`)
      return
    }
    setBusy(true)
    try {
      await downloadFile({ path: request.path.split('?')[0]!, query: new URLSearchParams(request.path.split('?')[1] ?? '') })
    } catch (error) {
      // Spec §8: a failed download is logged and the loader hidden; the user is told as well.
      console.error(error)
      showToast('error', isApiError(error) ? error.allMessages.join(' ') : t`The report could not be downloaded. Try again.`)
    } finally {
      setBusy(false)
    }
  }

  async function email(request: FileRequest): Promise<void> {
    setBusy(true)
    try {
      const result = await outbox.enqueue({
        entity: 'report-email', operation: 'create', method: 'POST', path: request.path, invalidates: [], scope: { area: 'report' }, label: request.label,
      })
      if (result.state === 'queued') showToast('info', t`You are offline. The email request is saved and will be sent when you are back online.`)
      else if (result.state === 'accepted') showToast('success', t`Email will be sent when report is complete`)
      else if (result.state === 'not-stored') showToast('error', notStoredMessage(i18n))
      else showToast('error', result.item.rejection?.errors.join(' ') || t`The email request was refused.`)
    } catch (error) {
      // Spec §4: a failure of the email call is only logged.
      console.error(error)
    } finally {
      setBusy(false)
    }
  }

  return { download, email, busy }
}
