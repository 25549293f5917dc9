import { useLingui } from '@lingui/react/macro'
import { CatalogList } from './catalog-list'
import type { CatalogListProps } from './catalog-list'
import { gradeCatalog } from '../catalogs'

export function GradeList(props: CatalogListProps) {
  const { t } = useLingui()
  return (
    <CatalogList {...props} catalog={gradeCatalog} wording={{
      title: t`Grades`,
      nameHeader: t`Grade name`,
      deleted: (name) => t`Grade “${name}” was deleted.`,
    }} />
  )
}
