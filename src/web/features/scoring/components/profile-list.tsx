// The scoring profiles the institution may use: the built-in ones (never edited, but copied as a starting point)
// and its own, each with its version, its rules in a few words and the passages it is used for.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PASSAGE_LANGUAGES } from '../../../../shared/reports/scoring-profile'
import type { ScoringProfile } from '../../../../shared/reports/scoring-profile'
import { ListTable } from '../../../components/list/list-table'
import type { ListColumn, ListQueryState } from '../../../components/list/list-types'
import { localListPage } from '../../../components/list/local-list'
import { Badge } from '../../../components/ui/badge'
import { CopyIcon } from '../../../components/ui/icons'
import { describeError } from '../../../lib/api/error-messages'
import { useOnline } from '../../../lib/sync/use-online'
import { profileWrites } from '../mutations'
import { scoringSettingsQuery } from '../queries'
import { summariseRules } from '../rule-texts'
import { PASSAGE_LABELS } from '../type-labels'

type Props = {
  canWrite: boolean
  onAdd: () => void
  onEdit: (profile: ScoringProfile) => void
  onCopy: (profile: ScoringProfile) => void
}

export function ProfileList({ canWrite, onAdd, onEdit, onCopy }: Props) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const settings = useQuery(scoringSettingsQuery())
  const pending = profileWrites.usePendingRows()
  const [query, setQuery] = useState<ListQueryState>({ page: 1 })
  const page = localListPage(settings.data?.profiles ?? [], query, i18n.locale)
  const selected = settings.data?.selected

  const columns: ListColumn<ScoringProfile>[] = [
    { key: 'display_name', header: t`English name`, sortable: true, searchable: true, render: (row) => <span lang="en" dir="ltr">{row.display_name}</span> },
    { key: 'arabic_display_name', header: t`Arabic name`, sortable: true, searchable: true, render: (row) => <span lang="ar" dir="rtl">{row.arabic_display_name}</span> },
    { key: 'built_in', header: t`Kind`, render: (row) => (row.built_in ? <Badge><Trans>Built in</Trans></Badge> : <Badge tone="success"><Trans>Your institution's</Trans></Badge>) },
    { key: 'version', header: t`Version`, sortable: true, render: (row) => <span className="tabular-nums">{row.version}</span> },
    { key: 'summary', header: t`Rules`, renderPending: true, render: (row) => (row.rules
      ? <ul className="list-disc space-y-0.5 ps-4 text-xs">{summariseRules(i18n, row.rules).map((text) => <li key={text}>{text}</li>)}</ul>
      : null) },
    { key: 'used', header: t`Used for`, render: (row) => (
      <span className="flex flex-wrap gap-1">
        {PASSAGE_LANGUAGES.filter((lang) => selected?.[lang] === row.id).map((lang) => <Badge key={lang} tone="pending">{i18n._(PASSAGE_LABELS[lang])}</Badge>)}
      </span>
    ) },
  ]

  return (
    <ListTable
      title={t`Scoring profiles`}
      columns={columns}
      rows={page.rows}
      count={page.count}
      status={settings.data ? 'success' : settings.status}
      errorMessage={settings.error ? describeError(i18n, settings.error).join(' ') : undefined}
      isOffline={!online}
      savedAt={settings.dataUpdatedAt || undefined}
      query={query}
      onQueryChange={setQuery}
      onRetry={() => void settings.refetch()}
      onAdd={canWrite ? onAdd : undefined}
      onEdit={canWrite ? onEdit : undefined}
      canEdit={(row) => !row.built_in}
      customActions={canWrite ? [{ label: t`Copy as a new profile`, icon: <CopyIcon className="size-4" />, onClick: onCopy }] : undefined}
      describeRow={(row) => (i18n.locale === 'ar' ? row.arabic_display_name : row.display_name)}
      pendingRows={pending}
    />
  )
}
