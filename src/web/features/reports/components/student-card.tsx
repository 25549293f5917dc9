// Basic information about a student in the reports: name, enrollment code, gender, class.
import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

import { getLanguage } from '../../../lib/i18n/language'

export type NamedStudent = { first_name: string; last_name: string; arabic_name?: string }

/** The Arabic name in an Arabic page when there is one, else first and last name. */
export function fullName(student: NamedStudent): string {
  if (getLanguage() === 'ar' && student.arabic_name) return student.arabic_name
  return `${student.first_name} ${student.last_name}`.trim()
}

export function GenderText({ gender }: { gender: string | null }) {
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
