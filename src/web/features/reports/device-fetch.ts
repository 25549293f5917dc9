// Network first, then the copy kept on this device: a report answered by the server is stored with the
// time it was fetched; without a connection the stored copy is shown with that time.
import { isNetworkError } from '../../lib/api/api-error'
import { getReport, putReport } from './report-cache'

export type DeviceResult<T> = { data: T; fetchedAt: number; fromDevice: boolean }

export async function fetchKept<T>(key: string, load: () => Promise<T>): Promise<DeviceResult<T>> {
  try {
    const data = await load()
    const fetchedAt = Date.now()
    await putReport(key, data, fetchedAt).catch(() => undefined)
    return { data, fetchedAt, fromDevice: false }
  } catch (error) {
    if (!isNetworkError(error)) throw error
    const kept = await getReport<T>(key)
    if (!kept) throw error
    return { data: kept.value, fetchedAt: kept.fetchedAt, fromDevice: true }
  }
}
