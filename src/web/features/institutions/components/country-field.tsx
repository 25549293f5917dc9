import { Trans, useLingui } from '@lingui/react/macro'
import type { AnyFieldApi } from '@tanstack/react-form'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Button } from '../../../components/ui/button'
import { getLanguage } from '../../../lib/i18n/language'
import { countriesQuery } from '../queries'
import { SelectField } from './form-fields'
import type { SelectOption } from './form-fields'

/** Country select from GET /api/country/, with English or Arabic names by the interface language. */
export function CountryField(props: {
  field: AnyFieldApi
  label: ReactNode
  required?: boolean
  serverErrors?: readonly string[]
  onEdited?: () => void
}) {
  const { t } = useLingui()
  const countries = useQuery(countriesQuery())
  const language = getLanguage()
  const value = props.field.state.value as string
  let options: SelectOption[] = (countries.data ?? [])
    .map((c) => ({ value: c.code, label: language === 'ar' ? c.name_ar : c.name_en }))
    .sort((a, b) => a.label.localeCompare(b.label, language))
  // Until the list is here (or if it cannot be loaded), keep the stored code selectable.
  if (value && !options.some((o) => o.value === value)) options = [{ value, label: value }, ...options]

  return (
    <div className="space-y-1.5">
      <SelectField {...props} options={options} disabled={countries.isPending && !value}
        placeholder={countries.isPending ? t`Loading countries…` : t`Select a country`} />
      {countries.isError && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-xs text-rose-600">
          <Trans>The country list could not be loaded.</Trans>
          <Button variant="ghost" size="sm" onClick={() => void countries.refetch()}><Trans>Try again</Trans></Button>
        </p>
      )}
    </div>
  )
}
