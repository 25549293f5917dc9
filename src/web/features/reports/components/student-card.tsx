// Basic information about a student in the reports: name, enrollment code, gender, class.
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { StudentInReport } from '../report-answers'

export function fullName(student: Pick<StudentInReport, 'first_name' | 'last_name'>): string {
  return `${student.first_name} ${student.last_name}`.trim()
}

export function GenderText({ gender }: { gender: string }) {
  if (gender === 'm') return <Trans>Male</Trans>
  if (gender === 'f') return <Trans>Female</Trans>
  return <>{gender || '—'}</>
}

export function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  )
}
