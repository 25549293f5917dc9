// The one scope every service call gets: who asks (user, role), where (institution), which schools they
// reach, in which language. Routes build it from the request (lib/request-scope.ts); jobs build it from their
// payload (scopeForJob). Nothing here knows about HTTP: domain code must not import hono, routes or middleware
// (eslint enforces it).
import type { Db } from '../db/client'
import type { Lang } from '../lib/messages'
import type { Role } from '../../shared/roles'
import { HttpError } from '../lib/http-error'
import { accessibleSchoolIds } from './accessible-schools'

export type ScopeInstitution = { id: number; organization_name: string; subdomain_name: string }

/** The acting user; a job acting for a user carries the same fields (tokens belong to requests only). */
export type ScopeUser = {
  id: number
  institution_id: number | null
  email: string
  first_name: string
  last_name: string
  role: Role
}

export type DomainScope = {
  db: Db
  lang: Lang
  /** Null on the platform host (and for platform jobs). */
  institution: ScopeInstitution | null
  user: ScopeUser
  role: Role
  /**
   * The institution's schools the user may reach: 'all' or ids, read once through the database of the scope it is
   * called on (inside a transaction, the transaction's copy: PGlite's one connection would wait for it otherwise).
   */
  schools(this: { db: Db }): Promise<'all' | number[]>
}

/** A scope on an institution's host: what every institution's service takes. */
export type InstitutionScope = DomainScope & { institution: ScopeInstitution }

/** The scope narrowed to an institution; on the platform host an institution's call does not exist (404). */
export function withInstitution(s: DomainScope): InstitutionScope {
  if (!s.institution) throw HttpError.of(404, 'notFound', s.lang)
  return s as InstitutionScope
}

export function buildScope(p: { db: Db; lang: Lang; institution: ScopeInstitution | null; user: ScopeUser }): DomainScope {
  let schools: Promise<'all' | number[]> | undefined
  return {
    ...p,
    role: p.user.role,
    schools() {
      if (!p.institution) return Promise.resolve([])
      schools ??= accessibleSchoolIds(this.db, p.user, p.institution.id)
      return schools
    },
  }
}

/** A job acting for the user who queued it: the same scope as their request had. */
export function scopeForJob(db: Db, p: { lang: Lang; institution: ScopeInstitution | null; user: ScopeUser }): DomainScope {
  return buildScope({ db, ...p })
}
