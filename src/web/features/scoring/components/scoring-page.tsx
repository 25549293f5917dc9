// "Miscues and scoring" (ADR 0092): how the institution's sittings are marked (the taxonomy) and scored (the
// profiles, and the one used for each passage language). Institution administrators change them; every other
// role of the institution sees the same page read-only. Changes made offline wait in the outbox; refused ones are
// listed at the top with a way out.
import { Trans, useLingui } from '@lingui/react/macro'
import type { ScoringProfile } from '../../../../shared/reports/scoring-profile'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import { RejectedWritesBanner } from '../../../components/form/conflict-dialog'
import { InfoIcon } from '../../../components/ui/icons'
import { profileConflictFields, typeConflictFields } from '../conflict-fields'
import { miscueTypeWrites, profileWrites, selectionWrites } from '../mutations'
import { MiscueTypeList } from './miscue-type-list'
import { ProfileList } from './profile-list'
import { ProfileSelection } from './profile-selection'

type Props = {
  canWrite: boolean
  institutionId: number
  onAddType: () => void
  onEditType: (type: MiscueType) => void
  onAddProfile: () => void
  onEditProfile: (profile: ScoringProfile) => void
  onCopyProfile: (profile: ScoringProfile) => void
}

export function ScoringPage({ canWrite, institutionId, onAddType, onEditType, onAddProfile, onEditProfile, onCopyProfile }: Props) {
  const { i18n } = useLingui()
  return (
    <div className="space-y-10">
      {!canWrite && (
        <p className="flex gap-2 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
          <InfoIcon className="size-5 shrink-0" />
          <span><Trans>This is how your institution's sittings are marked and scored. Only institution administrators can change it.</Trans></span>
        </p>
      )}
      {canWrite && (
        <>
          <RejectedWritesBanner writes={miscueTypeWrites} ctx={{}} fields={typeConflictFields(i18n)} />
          <RejectedWritesBanner writes={profileWrites} ctx={undefined} fields={profileConflictFields(i18n)} />
          <RejectedWritesBanner writes={selectionWrites} ctx={undefined} fields={[]} />
        </>
      )}
      <section aria-labelledby="miscue-types" className="space-y-3">
        <div>
          <h2 id="miscue-types" className="text-lg font-semibold text-slate-900"><Trans>Miscue types</Trans></h2>
          <p className="mt-1 text-sm text-slate-500">
            <Trans>The marks a teacher can put on a word while a student reads. Types for Arabic passages cover short vowels (harakat), case endings, hamza, taa marbuta and letters that are easily confused.</Trans>
          </p>
        </div>
        <MiscueTypeList canWrite={canWrite} onAdd={onAddType} onEdit={onEditType} />
      </section>
      <section aria-labelledby="scoring-profiles" className="space-y-3">
        <div>
          <h2 id="scoring-profiles" className="text-lg font-semibold text-slate-900"><Trans>Scoring profiles</Trans></h2>
          <p className="mt-1 text-sm text-slate-500">
            <Trans>A profile decides which marks count as errors when a sitting's accuracy is worked out.</Trans>
            {canWrite && <> <Trans>Built-in profiles cannot be changed; copy one to make your own.</Trans></>}
          </p>
        </div>
        <ProfileSelection canWrite={canWrite} institutionId={institutionId} />
        <ProfileList canWrite={canWrite} onAdd={onAddProfile} onEdit={onEditProfile} onCopy={onCopyProfile} />
      </section>
    </div>
  )
}
