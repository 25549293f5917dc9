import { Trans, useLingui } from '@lingui/react/macro'
import { SectionSchema } from '../../../../shared/schemas/section'
import type { Section } from '../../../../shared/schemas/section'
import { IdentifierNameForm } from '../../../components/form/identifier-name-form'
import { sectionCatalog } from '../catalogs'

/** Add mode without a section, edit mode with one (spec §4). */
export function SectionForm({ schoolId, section, onDone, onCancel }: {
  schoolId: number
  section?: Section
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  return (
    <IdentifierNameForm schema={SectionSchema} record={section} writes={sectionCatalog.writes} ctx={{ schoolId }}
      title={section ? <Trans>Edit section</Trans> : <Trans>Add section</Trans>}
      nameLabel={t`Section name`}
      savedMessage={(name) => (section ? t`Section “${name}” was saved.` : t`Section “${name}” was added.`)}
      onDone={onDone} onCancel={onCancel} />
  )
}
