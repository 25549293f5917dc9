// The selectors of the miscue reports screen (spec §2, §4): report type, class, assessment (only for the
// common report once a class is chosen) and the year (only when the year dropdown is enabled).
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { ReactNode } from 'react'
import { REPORT_TYPES } from '../../../../shared/schemas/assessment-library'
import type { ClassAssessment } from '../../../../shared/schemas/report'
import { getLanguage } from '../../../lib/i18n/language'
import type { ReportTypeOption } from '../report-view'
import { showsAssessmentSelect } from '../report-view'

export type ReportSearch = { type: number; class: number; assessment: number; year: number }
export type NamedOption = { id: number; name: string }

export function ReportSelectors({ search, customTypes, classes, classesLoading, assessments, years, onChange }: {
  search: ReportSearch
  customTypes: readonly ReportTypeOption[]
  classes: readonly NamedOption[]
  classesLoading: boolean
  assessments: readonly ClassAssessment[]
  /** Shown only when there is a choice of years (the year dropdown is enabled). */
  years: readonly NamedOption[] | null
  onChange: (next: ReportSearch) => void
}) {
  const { t } = useLingui()
  return (
    <div className="grid gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
      <Select label={<Trans>Report type</Trans>} value={search.type} placeholder={t`Choose a report`}
        options={[
          { id: REPORT_TYPES.common, name: t`Common miscue report` },
          { id: REPORT_TYPES.accurate, name: t`Miscue accuracy report` },
          { id: REPORT_TYPES.tally, name: t`Tally report` },
          ...customTypes.map((type) => ({ id: type.id, name: getLanguage() === 'ar' && type.arabicName ? type.arabicName : type.name })),
        ]}
        // Changing the report type sets the current report; the class stays, the assessment starts again.
        onChange={(type) => onChange({ ...search, type, assessment: 0 })} />
      {years && (
        <Select label={<Trans>Academic year</Trans>} value={search.year} options={years}
          // The class list belongs to the year: a new year starts from no class.
          onChange={(year) => onChange({ ...search, year, class: 0, assessment: 0 })} />
      )}
      <Select label={<Trans>Class</Trans>} value={search.class} placeholder={classesLoading ? t`Loading…` : t`Choose a class`}
        options={classes} disabled={classesLoading}
        // Changing the class resets the assessment to 0 and clears the common data.
        onChange={(classId) => onChange({ ...search, class: classId, assessment: 0 })} />
      {showsAssessmentSelect(search.type, search.class) && (
        <Select label={<Trans>Assessment</Trans>} value={search.assessment} placeholder={t`All assessments`}
          options={assessments.map((a) => ({ id: a.assessment_id, name: a.assessment_title }))}
          onChange={(assessment) => onChange({ ...search, assessment })} />
      )}
    </div>
  )
}

function Select({ label, value, options, placeholder, disabled, onChange }: {
  label: ReactNode
  value: number
  options: readonly NamedOption[]
  placeholder?: string
  disabled?: boolean
  onChange: (value: number) => void
}) {
  const id = useId()
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">{label}</label>
      <select id={id} value={value || ''} disabled={disabled}
        // An empty choice becomes 0 (spec §4).
        onChange={(event) => onChange(Number(event.target.value) || 0)}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 ps-3 pe-9 text-sm text-slate-900 shadow-xs disabled:bg-slate-50">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => <option key={option.id} value={option.id}>{option.name}</option>)}
      </select>
    </div>
  )
}
