import { Trans, useLingui } from '@lingui/react/macro'
import { GradeSchema } from '../../../../shared/schemas/grade'
import type { Grade } from '../../../../shared/schemas/grade'
import { IdentifierNameForm } from '../../../components/form/identifier-name-form'
import { gradeCatalog } from '../catalogs'

/** Add mode without a grade, edit mode with one (spec §4). */
export function GradeForm({ schoolId, grade, onDone, onCancel }: {
  schoolId: number
  grade?: Grade
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  return (
    <IdentifierNameForm schema={GradeSchema} record={grade} writes={gradeCatalog.writes} ctx={{ schoolId }}
      title={grade ? <Trans>Edit grade</Trans> : <Trans>Add grade</Trans>}
      nameLabel={t`Grade name`}
      savedMessage={(name) => (grade ? t`Grade “${name}” was saved.` : t`Grade “${name}” was added.`)}
      onDone={onDone} onCancel={onCancel} />
  )
}
