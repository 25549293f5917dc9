// A type's colour: its code typed or picked, its plain name, and a warning when it looks nearly the same as the
// colour of another active type offered on the same passages, to typical vision or to a colour-blind reader.
import { useLingui } from '@lingui/react/macro'
import type { AnyFieldApi } from '@tanstack/react-form'
import type { MiscueType } from '../../../../shared/schemas/scoring'
import { TextField } from '../../../components/form/text-field'
import { AlertIcon } from '../../../components/ui/icons'
import { closeColours, colourName, parseHex } from '../colours'
import type { Vision } from '../colours'
import { offeredAlongside } from '../type-values'
import type { LanguageChoice } from '../type-values'

type Props = {
  field: AnyFieldApi
  /** The type's own code (not compared with itself). */
  code: string
  language: LanguageChoice
  active: boolean
  types: readonly MiscueType[]
  serverErrors?: readonly string[]
  onEdited: () => void
}

export function ColourField({ field, code, language, active, types, serverErrors, onEdited }: Props) {
  const { t, i18n } = useLingui()
  const hex = String(field.state.value ?? '')
  const valid = parseHex(hex) !== null
  const arabic = i18n.locale === 'ar'
  const close = active ? closeColours(hex, offeredAlongside(code, language, types)) : []
  const warning = (name: string, vision: Vision) => {
    if (vision === 'typical') return t`Looks almost the same as “${name}”.`
    if (vision === 'tritanopia') return t`May be hard to tell apart from “${name}” for readers with blue–yellow colour blindness.`
    return t`May be hard to tell apart from “${name}” for readers with red–green colour blindness.`
  }
  const shade = valid ? colourName(i18n, hex) : ''

  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <TextField field={field} label={t`Colour`} dir="ltr" serverErrors={serverErrors} onEdited={onEdited}
            hint={valid ? t`Shown as ${shade}, always with the type's name beside it.` : t`A colour code such as #117799.`} />
        </div>
        <input type="color" aria-label={t`Pick a colour`} value={valid ? hex.toLowerCase() : '#000000'}
          onChange={(event) => {
            field.handleChange(event.target.value.toUpperCase())
            field.handleBlur()
            onEdited()
          }}
          className="mt-6.5 h-9.5 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus:outline-2 focus:outline-brand-600" />
      </div>
      {close.length > 0 && (
        <div className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <AlertIcon className="size-5 shrink-0" />
          <ul className="space-y-1">
            {close.map(({ other, vision }) => (
              <li key={other.code}>{warning(arabic ? other.arabic_display_name : other.display_name, vision)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
