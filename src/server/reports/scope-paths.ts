import type { ScopeName } from '../../shared/schemas/report'

/** The scopes a report file or a data export is asked for (their patterns: shared/routes.ts), and how the API document words them. */
export const SCOPE_PATHS: { name: ScopeName; operation: string; text: string }[] = [
  { name: 'class', operation: 'Class', text: 'one class ({scopeId} = class id)' },
  { name: 'school', operation: 'School', text: 'one school ({scopeId} = school id)' },
  { name: 'institution', operation: 'Institution', text: 'the institution (the schools the user may reach)' },
]

/** How a range's dates are written in a path, for the API document. */
export const DATES_IN_PATH = 'Dates are yyyy-mm-dd or "yyyy-mm-dd 0:0:0" (URL-encoded); a range includes both whole days (UTC).'
