// Data out from the reports screen (ADR 0125): a small scope's file comes at once; a large one answers 202 with a
// task that the server's job builds, polled here every second with its progress until the file can be fetched.
import { api } from '../../../shared/api'
import { apiRequest, send, unwrap } from '../../lib/api/api-client'
import { DEFAULT_DOWNLOAD_NAME, fetchFile, filenameFromContentDisposition, saveBlob } from '../../lib/api/download'

export type ExportProgress = { current: number; total: number }
type TaskState = { state: 'PENDING' | 'PROGRESS' | 'SUCCESS' | 'FAILURE'; current: number; total: number }

const POLL_MS = 1000
const split = (path: string) => ({ path: path.split('?')[0]!, query: new URLSearchParams(path.split('?')[1] ?? '') })

/** Downloads the export at `path` (api.exportFile), reporting a background build's progress; resolves once saved. */
export async function exportData(path: string, onProgress: (progress: ExportProgress) => void, failed: () => Error): Promise<void> {
  const response = await send({ ...split(path), method: 'GET' })
  if (response.status !== 202) {
    if (!response.ok) await unwrap<never>(response, [401, 403])
    saveBlob(await response.blob(), filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? DEFAULT_DOWNLOAD_NAME)
    return
  }
  const { task_id: taskId } = (await response.json() as { payload: { task_id: string } }).payload
  for (;;) {
    const task = await apiRequest<TaskState>({ path: api.exportTask(taskId) })
    onProgress({ current: task.current, total: task.total })
    if (task.state === 'SUCCESS') break
    if (task.state === 'FAILURE') throw failed()
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  const file = await fetchFile(split(api.exportTaskFile(taskId)))
  saveBlob(file.blob, file.filename)
}
