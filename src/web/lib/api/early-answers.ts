// Answers public/lang-dir.js asked for before the app's code had loaded (ADR 0109): signed in and opening a
// screen of the app, the shell's calls go out while the app downloads, and on a class report the report's
// calls too (features/reports/early-calls.ts, ADR 0110). The API client takes each answer once, by its path
// and query, instead of asking again, when it is for the same token and young enough; otherwise it asks as usual.
import { api } from '../../../shared/api'

/** The shell's calls (app/warm-shell.ts asks for the same at start); the build writes them into lang-dir.js. */
export const SHELL_CALLS = [api.myProfile, api.mySchools, api.academicYears] as const

/** An answer asked for this long ago or more is not taken: it may predate a change made since. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000

type EarlyAnswer = { token: string; at: number; answer: Promise<Response> }

declare global {
  interface Window {
    /**
     * Set by public/lang-dir.js: the calls it made, by path and query. `null` marks a call already made, by it
     * and taken, or by the app first: lang-dir.js, whose report calls wait for the shell's answers, then does
     * not ask for it again.
     */
    miscueEarlyAnswers?: Record<string, EarlyAnswer | null>
  }
}

/** The answer lang-dir.js asked for at `path` with `token`, once; undefined when there is none to take. */
export function takeEarlyAnswer(path: string, token: string | null, now = Date.now()): Promise<Response> | undefined {
  const answers = typeof window === 'undefined' ? undefined : window.miscueEarlyAnswers
  if (!answers) return undefined
  const early = answers[path]
  answers[path] = null
  if (!early || early.token !== token || now - early.at >= EARLY_ANSWER_MAX_AGE_MS) return undefined
  return early.answer
}
