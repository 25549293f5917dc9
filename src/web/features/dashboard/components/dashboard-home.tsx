import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { GridIcon, LayersIcon } from '../../../components/ui/icons'

export type DashboardCount = { key: string; label: ReactNode; to: '/grade' | '/section'; value: number | undefined }

/** Welcome and the counts the API can give today; unknown figures are shown as such, never guessed. */
export function DashboardHome({ firstName, schoolName, counts }: {
  firstName: string
  schoolName: string | null
  counts: DashboardCount[]
}) {
  return (
    <div className="space-y-6">
      <section className="rounded-xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-8 text-white shadow-sm">
        <h2 className="text-xl font-semibold"><Trans>Welcome, {firstName}</Trans></h2>
        <p className="mt-1 text-sm text-brand-100">
          {schoolName ? <Trans>You are working in {schoolName}.</Trans> : <Trans>No school is linked to your account yet.</Trans>}
        </p>
      </section>
      {counts.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {counts.map((count) => (
            <li key={count.key}>
              <Link to={count.to} className="flex items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300">
                <span className="rounded-lg bg-brand-50 p-3 text-brand-700">
                  {count.key === 'grade' ? <LayersIcon /> : <GridIcon />}
                </span>
                <span>
                  <span className="block text-2xl font-semibold tabular-nums text-slate-900">{count.value ?? '—'}</span>
                  <span className="block text-sm text-slate-500">{count.label}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
