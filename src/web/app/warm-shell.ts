// A signed-in start of any screen of the app asks for what the shell needs (the profile, the user's schools,
// the years) at once, alongside the screen's code, instead of after it: the shell's beforeLoad then finds
// them answered or on their way (ADR 0108). The same calls, with the same keys, as the shell makes. Before
// the app's code had even loaded, public/lang-dir.js asked for them (lib/api/early-answers.ts SHELL_CALLS,
// ADR 0109): these calls then take its answers rather than asking again.
import type { QueryClient } from '@tanstack/react-query'
import { profileQuery } from '../features/auth/queries'
import { academicYearsQuery, mySchoolsQuery } from '../features/shell/queries'
import { preload } from '../lib/query/load-cached'

export function warmShell(queryClient: QueryClient): void {
  preload(queryClient, profileQuery())
  preload(queryClient, mySchoolsQuery())
  preload(queryClient, academicYearsQuery())
}
