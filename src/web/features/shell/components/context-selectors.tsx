// School, academic-year and institution selectors (spec §2, §4). A change stores the choice and
// reloads the page so every screen starts from the new context.
import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { AcademicYearOption, SchoolOption } from '../../../../shared/schemas/reference'
import { getLanguage } from '../../../lib/i18n/language'
import { saveInstitutionUrl, storeSchoolId, storeYearId } from '../../../lib/session/session'
import type { InstitutionOption } from '../queries'
import { baseDomain, currentSubdomain } from '../../../lib/session/subdomain'

const selectClass =
  'max-w-48 truncate rounded-lg border border-slate-200 bg-white py-1.5 ps-2.5 pe-8 text-sm text-slate-700 shadow-xs hover:border-slate-300 focus:outline-2 focus:outline-brand-600'

export function SchoolSelect({ schools, value }: { schools: readonly SchoolOption[]; value: number | null }) {
  const { t } = useLingui()
  const id = useId()
  if (schools.length === 0) return null
  const arabic = getLanguage() === 'ar'
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">{t`School`}</label>
      <select id={id} className={selectClass} value={value ?? ''} onChange={(e) => {
        storeSchoolId(Number(e.target.value))
        window.location.reload()
      }}>
        {schools.map((s) => <option key={s.id} value={s.id}>{arabic && s.arabic_display_name ? s.arabic_display_name : s.display_name}</option>)}
      </select>
    </div>
  )
}

export function YearSelect({ years, value }: { years: readonly AcademicYearOption[]; value: number | null }) {
  const { t } = useLingui()
  const id = useId()
  if (years.length === 0) return null
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">{t`Academic year`}</label>
      <select id={id} className={selectClass} value={value ?? ''} dir="ltr" onChange={(e) => {
        storeYearId(Number(e.target.value))
        window.location.reload()
      }}>
        {years.map((y) => <option key={y.id} value={y.id}>{y.display_name}</option>)}
      </select>
    </div>
  )
}

/** Multi-tenant users only; choosing an institution opens the app on that institution's host. */
export function InstitutionSelect({ institutions }: { institutions: readonly InstitutionOption[] }) {
  const { t } = useLingui()
  const id = useId()
  if (institutions.length === 0) return null
  const current = currentSubdomain()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">{t`Institution`}</label>
      <select id={id} className={selectClass} value={current && institutions.some((i) => i.subdomain === current) ? current : ''}
        onChange={(e) => {
          const sub = e.target.value
          if (!sub) return
          const origin = `${location.protocol}//${sub}.${baseDomain()}${location.port ? `:${location.port}` : ''}`
          saveInstitutionUrl(origin)
          window.location.assign(`${origin}/`)
        }}>
        <option value="">{t`Select institution`}</option>
        {institutions.map((i) => <option key={i.id} value={i.subdomain}>{i.name}</option>)}
      </select>
    </div>
  )
}
