import type { Db, Readiness } from './db/client'
import type { Env } from './env'
import type { Lang } from './lib/messages'
import type { Mailer } from './mail/mailer'
import type { JobQueue } from './jobs/job-queue'
import type { Logger } from './lib/log'
import type { Role } from '../shared/roles'
import type { AccessCache } from './lib/access-cache'
import type { RequestLimits } from './lib/request-limits'

export type Institution = {
  id: number
  organization_name: string
  subdomain_name: string
}

/** The signed-in user of this request. */
export type AuthUser = {
  id: number
  institution_id: number | null
  email: string
  first_name: string
  last_name: string
  role: Role
  tokenId: number
}

/** mailer queues (send-mail job); jobs queues any background job. */
export type Deps = {
  db: Db
  env: Env
  mailer: Mailer
  jobs: JobQueue
  log?: Logger
  /** For GET /api/ready/: the database reachable and migrated. */
  readiness?: () => Promise<Readiness>
  /** Token, tenant and school look-ups kept in memory (ADR 0101); without it every call asks the database. */
  access?: AccessCache
}

export type AppEnv = {
  Variables: {
    deps: Deps
    lang: Lang
    institution: Institution | null
    user: AuthUser
    requestId: string
    /** What one caller may start (lib/request-limits.ts), one set per app. */
    limits: RequestLimits
  }
}
