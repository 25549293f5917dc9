// The parent report as printable pages (issue 8): one page per student, in plain words in the family's
// language, with nothing a parent would need a teacher to explain (WCPM is written out).
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ParentReport } from '../../../../shared/schemas/report'
import { plainBand } from '../parent-words'

export function ParentReportPages({ report, language }: {
  report: ParentReport
  language: 'en' | 'ar'
}) {
  const { i18n } = useLingui()
  const day = (text: string) => i18n.date(new Date(text), { dateStyle: 'long' })
  const entries = report.entries.filter((entry) => entry.inParentReport)
  if (report.rows.length === 0) {
    return <p className="p-8 text-center text-slate-600"><Trans>No student in this class has a reading in this period.</Trans></p>
  }
  return (
    <div lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'}>
      {report.rows.map((row) => {
        const { name, class_name: className, school_name: schoolName } = row
        const from = day(report.from_date)
        const to = day(report.to_date)
        const wcpm = row.wcpm === null ? 0 : Math.round(row.wcpm)
        return (
          <article key={row.student_id} className="parent-page mx-auto mb-8 max-w-2xl space-y-5 bg-white p-8 shadow-sm ring-1 ring-slate-200 print:mb-0 print:shadow-none print:ring-0">
            <header className="space-y-1 border-b border-slate-200 pb-4">
              <h2 className="text-2xl font-semibold text-slate-900"><Trans>Reading report for {name}</Trans></h2>
              <p className="text-slate-600"><Trans>Class {className}, {schoolName}</Trans></p>
              <p className="text-slate-600"><Trans>From {from} to {to}</Trans></p>
            </header>
            <p className="text-slate-800">
              <Trans>Your child read aloud to their teacher. The teacher noted each word read correctly. Here is what we saw.</Trans>
            </p>
            <ul className="space-y-4">
              {entries.map((entry) => {
                const cell = row.entries.find((c) => c.entry_id === entry.id)
                const band = plainBand(cell?.band ?? null)
                const latestScore = cell?.latest_accuracy ?? 0
                const average = cell?.average_accuracy ?? 0
                const readings = cell?.sittings ?? 0
                return (
                  <li key={entry.id} className="rounded-lg border border-slate-200 p-4">
                    <h3 className="text-lg font-medium text-slate-900">{entry.display_name}</h3>
                    {entry.description && <p className="text-sm text-slate-600">{entry.description}</p>}
                    {!cell || cell.sittings === 0 || cell.latest_accuracy === null ? (
                      <p className="mt-2 text-slate-700"><Trans>Not read in this period.</Trans></p>
                    ) : (
                      <div className="mt-2 space-y-1 text-slate-800">
                        <p><Trans>In the most recent reading, your child read {latestScore} out of every 100 words correctly.</Trans></p>
                        {cell.average_accuracy !== null && cell.sittings > 1 && (
                          <p><Plural value={readings} one={`Over # reading, that was ${average} out of 100 on average.`} other={`Over # readings, that was ${average} out of 100 on average.`} /></p>
                        )}
                        {band === 'own' && <p className="font-medium"><Trans>Your child can read texts like this on their own.</Trans></p>}
                        {band === 'help' && <p className="font-medium"><Trans>Your child can read texts like this with a little help.</Trans></p>}
                        {band === 'hard' && <p className="font-medium"><Trans>Texts like this are still hard for your child; reading together at home will help.</Trans></p>}
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
            {row.wcpm !== null && (
              <p className="rounded-lg bg-slate-50 p-4 text-slate-800">
                <Trans>Reading speed: in the latest reading your child read {wcpm} words correctly in one minute. Teachers call this “words correct per minute” (WCPM); it grows as reading becomes easier.</Trans>
              </p>
            )}
            <footer className="border-t border-slate-200 pt-4 text-sm text-slate-600">
              <Trans>Reading every day, even for ten minutes, makes a difference. Ask your child's teacher if you have any questions.</Trans>
            </footer>
          </article>
        )
      })}
    </div>
  )
}
