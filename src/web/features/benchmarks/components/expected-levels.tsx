// The text level the institution expects of each grade in each season (ADR 0124): the benchmark view shows it
// beside each student's newest level. A blank field means no expectation for that grade and season.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { SEASON_CODES, type SeasonCode } from '../../../../shared/benchmarks/seasons'
import type { ExpectedLevelsDraft } from '../settings-writes'

/** Kindergarten (0) to grade 12: the grades a class's name can be read as (ADR 0124). */
const GRADES = Array.from({ length: 13 }, (_, i) => i)

const SEASON_HEADS = { boy: msg`BOY`, moy: msg`MOY`, eoy: msg`EOY` }
const SEASON_NAMES = { boy: msg`beginning of year`, moy: msg`middle of year`, eoy: msg`end of year` }

export function ExpectedLevels({ value, onChange }: { value: ExpectedLevelsDraft; onChange: (next: ExpectedLevelsDraft) => void }) {
  const { t, i18n } = useLingui()
  const digits = new Intl.NumberFormat(i18n.locale)
  const gradeName = (grade: number) => {
    const number = digits.format(grade)
    return grade === 0 ? t`Kindergarten` : t`Grade ${number}`
  }
  const set = (grade: number, season: SeasonCode, level: string) =>
    onChange({ ...value, [grade]: { ...value[grade], [season]: level } })
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900"><Trans>Expected text level by grade</Trans></legend>
      <p className="mt-1 text-sm text-slate-500">
        <Trans>The level a student of the grade should read at in each season (for example D, or 2.5). The benchmark view shows it beside each student's newest level. Leave a field blank for none.</Trans>
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full text-sm">
          <thead>
            <tr className="text-start text-slate-600">
              <th scope="col" className="py-2 pe-3 text-start font-medium"><Trans>Grade</Trans></th>
              {SEASON_CODES.map((season) => (
                <th key={season} scope="col" className="px-2 py-2 text-start font-medium">{i18n._(SEASON_HEADS[season])}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {GRADES.map((grade) => (
              <tr key={grade}>
                <th scope="row" className="py-1.5 pe-3 text-start font-normal text-slate-800">{gradeName(grade)}</th>
                {SEASON_CODES.map((season) => {
                  const grade_ = gradeName(grade)
                  const seasonName = i18n._(SEASON_NAMES[season])
                  return (
                    <td key={season} className="px-2 py-1.5">
                      <input type="text" dir="auto" maxLength={10} value={value[grade]?.[season] ?? ''}
                        aria-label={t`${grade_}, ${seasonName}: expected text level`}
                        onChange={(event) => set(grade, season, event.target.value)}
                        className="block w-20 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600/30 disabled:bg-slate-50 disabled:text-slate-500" />
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </fieldset>
  )
}
