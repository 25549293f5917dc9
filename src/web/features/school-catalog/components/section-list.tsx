import { useLingui } from '@lingui/react/macro'
import { CatalogList } from './catalog-list'
import type { CatalogListProps } from './catalog-list'
import { sectionCatalog } from '../catalogs'

export function SectionList(props: CatalogListProps) {
  const { t } = useLingui()
  return (
    <CatalogList {...props} catalog={sectionCatalog} wording={{
      title: t`Sections`,
      nameHeader: t`Section name`,
      deleted: (name) => t`Section “${name}” was deleted.`,
    }} />
  )
}
