// The list's Download button: the same rows as the list (search and ordering included) as a spreadsheet,
// with a clear message when offline or when the server refuses.
import { useLingui } from '@lingui/react/macro'
import { listSearchParams, type ListQuery } from '../../../shared/api'
import { downloadFile } from '../../lib/api/download'
import { describeError } from '../../lib/api/error-messages'
import { showToast } from '../../lib/notify/toasts'
import { useOnline } from '../../lib/sync/use-online'

export function useListDownload() {
  const { t, i18n } = useLingui()
  const online = useOnline()
  return async (path: string, query: Pick<ListQuery, 'ordering' | 'filters'>): Promise<void> => {
    if (!online) {
      showToast('info', t`You are offline. Downloads need a connection.`)
      return
    }
    try {
      await downloadFile({ path, query: listSearchParams({ ordering: query.ordering, filters: query.filters }) })
    } catch (error) {
      showToast('error', describeError(i18n, error).join(' '))
    }
  }
}
