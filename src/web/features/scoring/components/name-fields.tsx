import { useLingui } from '@lingui/react/macro'
import type { AnyFieldApi } from '@tanstack/react-form'
import { TextField } from '../../../components/form/text-field'

type Outcome = { fieldErrors: Record<string, string[]>; clearField: (name: string) => void }

/** The English and Arabic names every miscue type and profile carries, side by side, each in its own direction. */
export function NameFields({ english, arabic, outcome, autoFocus }: { english: AnyFieldApi; arabic: AnyFieldApi; outcome: Outcome; autoFocus?: boolean }) {
  const { t } = useLingui()
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField field={english} label={t`English name`} dir="ltr" autoFocus={autoFocus}
        serverErrors={outcome.fieldErrors.display_name} onEdited={() => outcome.clearField('display_name')} />
      <TextField field={arabic} label={t`Arabic name`} dir="rtl"
        serverErrors={outcome.fieldErrors.arabic_display_name} onEdited={() => outcome.clearField('arabic_display_name')} />
    </div>
  )
}
