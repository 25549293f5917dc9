import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { api, listSearchParams } from '../../../../shared/api'
import { durationOf } from '../../../../shared/schemas/assessment'
import type { Assessment } from '../../../../shared/schemas/assessment'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { downloadFile } from '../../../lib/api/download'
import { describeError } from '../../../lib/api/error-messages'
import { showToast } from '../../../lib/notify/toasts'
import { withLoader } from '../../../lib/notify/loader'
import { useOnline } from '../../../lib/sync/use-online'
import { nameOf } from '../assessment-rules'
import { assessmentWrites } from '../mutations'
import { assessmentDependenciesQuery, assessmentListQuery } from '../queries'

type Props = {
  query: ListQueryState
  onQueryChange: (next: ListQueryState) => void
  onAdd: () => void
  onEdit: (assessment: Assessment) => void
}

/** Minutes and seconds as the stored "00:MM:SS", also for rows whose edit still waits in the outbox. */
export function durationText(row: Pick<Assessment, 'minutes' | 'seconds' | 'duration'>): string {
  return Number.isInteger(row.minutes) && Number.isInteger(row.seconds) ? durationOf(row.minutes, row.seconds) : row.duration ?? ''
}

export function AssessmentList({ query, onQueryChange, onAdd, onEdit }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const filters = query.field && query.q ? { [query.field]: query.q } : undefined
  const list = useQuery(assessmentListQuery({ page: query.page, ordering: query.ordering, filters }))
  const deps = useQuery(assessmentDependenciesQuery()).data
  const pending = assessmentWrites.usePendingRows()
  const [downloading, setDownloading] = useState(false)

  // Level names in the page's language when the reference data is at hand; the server's English list otherwise.
  const levelNames = (row: Assessment) => {
    if (!deps || !row.levels) return row.level_names ?? ''
    const names = row.levels.map((id) => nameOf(deps.levels.find((l) => l.id === id), i18n.locale)).filter(Boolean)
    return names.length ? names.join(i18n.locale.startsWith('ar') ? '، ' : ', ') : row.level_names ?? ''
  }

  const columns: ListColumn<Assessment>[] = [
    { key: 'title', header: t`Title`, sortable: true, searchable: true },
    { key: 'subject_name', header: t`Subject`, render: (row) => nameOf(deps?.subjects.find((s) => s.id === row.subject), i18n.locale) || row.subject_name },
    {
      key: 'assessment_type_name', header: t`Type`,
      render: (row) => nameOf(deps?.assessment_types.find((x) => x.id === row.assessment_type), i18n.locale) || row.assessment_type_name,
    },
    { key: 'level_names', header: t`Levels`, sortable: true, searchable: true, render: levelNames },
    { key: 'duration', header: t`Duration`, sortable: true, render: (row) => <span dir="ltr" className="tabular-nums">{durationText(row)}</span> },
  ]

  const onDownload = async () => {
    if (downloading) return
    if (!online) {
      showToast('info', t`Downloads need a connection. Try again when you are online.`)
      return
    }
    setDownloading(true)
    try {
      await withLoader(() => downloadFile({ path: api.assessmentsDownload, query: listSearchParams({ ordering: query.ordering, filters }) }))
    } catch (error) {
      showToast('error', describeError(i18n, error).join(' '))
    } finally {
      setDownloading(false)
    }
  }

  return (
    <ListTable
      title={t`Assessments`}
      columns={columns}
      rows={list.data?.results}
      count={list.data?.count ?? 0}
      status={list.data ? 'success' : list.status}
      errorMessage={list.error ? describeError(i18n, list.error).join(' ') : undefined}
      isOffline={!online}
      query={query}
      onQueryChange={onQueryChange}
      onRetry={() => void list.refetch()}
      onAdd={onAdd}
      onDownload={() => void onDownload()}
      onEdit={onEdit}
      describeRow={(row) => row.title}
      pendingRows={pending}
    />
  )
}
