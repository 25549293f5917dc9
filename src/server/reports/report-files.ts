// Builds a report file from a plain request (no HTTP request needed), so the download route and the
// background email job share one path: resolve the scope for the user, run the SQL, lay out the workbook.
import { and, eq } from 'drizzle-orm'
import type { AuthUser, Deps } from '../context'
import { users } from '../db/schema/tables'
import { HttpError } from '../lib/http-error'
import type { Lang } from '../lib/messages'
import type { ScopeName, BundleReport, ComparativeReport, ParentReport, TallyReport } from '../../shared/schemas/report'
import type { Role } from '../../shared/roles'
import { accessibleSchoolIds } from '../domain/accessible-schools'
import type { InstitutionScope } from '../domain/scope'
import { miscueTypesOf } from '../domain/scoring'
import { bundleReport, comparativeReport, reportLibrary } from './bundle-report'
import { parentReport } from './parent-report'
import { resolveScope, type ReportReader } from './report-scope'
import { bundleWorkbook, comparativeWorkbook, parentWorkbook, tallyWorkbook, type ReportFile } from './report-workbooks'
import { tallyReport } from './tally-report'

export type ReportKind = 'tally' | 'bundle' | 'parent' | 'comparative'

/** Everything needed to build a report again later (this is also the email job's payload). */
export type ReportRequest = {
  kind: ReportKind
  institutionId: number
  userId: number
  lang: Lang
  scope: ScopeName
  scopeId: number | null
  libraryId: number | null
  from_date: string
  to_date: string
  second_from_date?: string
  second_to_date?: string
}

export type ReportData = TallyReport | BundleReport | ParentReport | ComparativeReport

const LIBRARY_UNKNOWN = { en: 'This report type does not exist for this institution', ar: 'نوع التقرير هذا غير موجود لهذه المؤسسة' }

/** Who reads a report and what they reach. */
export type Requester = ReportReader & { user: Pick<AuthUser, 'id' | 'role' | 'email'> }

/** The requester of a request, from its scope: the schools it reaches are read once for the request (ADR 0130). */
export async function requesterOf(s: InstitutionScope): Promise<Requester> {
  return { db: s.db, lang: s.lang, institutionId: s.institution.id, schools: await s.schools(), user: { id: s.user.id, role: s.role, email: s.user.email } }
}

/** The requester's reach, read again (a job runs it later, after any change of role or schools). */
export async function readerFor(deps: Pick<Deps, 'db'>, req: Pick<ReportRequest, 'userId' | 'institutionId' | 'lang'>): Promise<Requester> {
  const [user] = await deps.db.select({ id: users.id, role: users.role, email: users.email }).from(users)
    .where(and(eq(users.id, req.userId), eq(users.institution_id, req.institutionId)))
  if (!user) throw HttpError.of(404, 'notFound', req.lang)
  const role = user.role as Role
  const schools = await accessibleSchoolIds(deps.db, { id: user.id, role } as AuthUser, req.institutionId)
  return { db: deps.db, lang: req.lang, institutionId: req.institutionId, schools, user: { ...user, role } }
}

/** The figures of a report (the JSON answer) and the scope's label for the file name; a job reads its requester again. */
export async function reportData(deps: Pick<Deps, 'db'>, req: ReportRequest, requester?: Requester): Promise<{ data: ReportData; label: string; email: string }> {
  const r = requester ?? await readerFor(deps, req)
  const scope = await resolveScope(r, req.scope, req.scopeId)
  if (req.kind === 'tally') {
    return { data: await tallyReport(deps.db, scope, await miscueTypesOf(deps.db, req.institutionId), req.from_date, req.to_date), label: scope.label, email: r.user.email }
  }
  const library = req.libraryId ? await reportLibrary(deps.db, req.libraryId, req.institutionId) : null
  if (!library) throw HttpError.say(404, LIBRARY_UNKNOWN, req.lang)
  if (req.kind === 'comparative') {
    const data = await comparativeReport(deps.db, scope, library, {
      first_from_date: req.from_date, first_to_date: req.to_date, second_from_date: req.second_from_date!, second_to_date: req.second_to_date!,
    })
    return { data, label: scope.label, email: r.user.email }
  }
  const data = req.kind === 'parent'
    ? await parentReport(deps.db, scope, library, req.from_date, req.to_date, req.lang)
    : await bundleReport(deps.db, scope, library, false, req.from_date, req.to_date)
  return { data, label: scope.label, email: r.user.email }
}

export async function buildReportFile(deps: Pick<Deps, 'db'>, req: ReportRequest, requester?: Requester): Promise<ReportFile & { email: string }> {
  const { data, label, email } = await reportData(deps, req, requester)
  const file = req.kind === 'tally' ? tallyWorkbook(data as TallyReport, label, req.lang)
    : req.kind === 'bundle' ? bundleWorkbook(data as BundleReport, label, req.lang)
    : req.kind === 'parent' ? parentWorkbook(data as ParentReport, label, req.lang)
    : comparativeWorkbook(data as ComparativeReport, label, req.lang)
  return { ...file, email }
}
