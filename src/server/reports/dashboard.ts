// The dashboard (ADR 0047). New: created in the last 30 days. Active: older, enabled, and with a sitting made in
// the last 30 days (a voided sitting is no activity, ADR 0123). Inactive: every other one. On the platform host the units are institutions; on an
// institution host they are the schools the user may reach. Each figure is one SQL statement.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { percentOf } from '../../shared/reports/figures'
import type { Dashboard, DashboardStatistics } from '../../shared/schemas/report'
import { COUNTED, num, query } from './sql'

export const ACTIVITY_DAYS = 30

export type DashboardScope = { kind: 'platform' } | { kind: 'institution'; institutionId: number; schools: 'all' | number[] }

function schoolFilter(scope: Extract<DashboardScope, { kind: 'institution' }>, column: SQL): SQL {
  if (scope.schools === 'all') return sql`true`
  if (scope.schools.length === 0) return sql`false`
  return sql`${column} in (${sql.join(scope.schools.map((id) => sql`${id}`), sql`, `)})`
}

export async function dashboard(db: Db, scope: DashboardScope): Promise<Dashboard> {
  const since = sql`now() - make_interval(days => ${ACTIVITY_DAYS})`
  const units = scope.kind === 'platform'
    ? sql`select i.id, i.created_at, i.is_active,
        exists (select 1 from sittings s where s.institution_id = i.id and s.created_in_device_at >= ${since} and ${COUNTED}) as recent
        from institutions i`
    : sql`select sc.id, sc.created_at, true as is_active,
        exists (select 1 from sittings s where s.school_id = sc.id and s.created_in_device_at >= ${since} and ${COUNTED}) as recent
        from schools sc where sc.institution_id = ${scope.institutionId} and ${schoolFilter(scope, sql`sc.id`)}`
  const [row] = await query<{ total: string; new: string; active: string }>(db, sql`
    with u as (${units})
    select count(*) as total,
      count(*) filter (where created_at >= ${since}) as new,
      count(*) filter (where created_at < ${since} and is_active and recent) as active
    from u`)
  const total = num(row?.total)
  const fresh = num(row?.new)
  const active = num(row?.active)
  const inactive = total - fresh - active
  const acquisition = await query<{ quarter: string; n: string }>(db, sql`
    with u as (${units})
    select to_char(date_trunc('quarter', created_at), 'YYYY "Q"Q') as quarter, count(*) as n
    from u group by 1 order by 1`)
  return {
    unit: scope.kind === 'platform' ? 'institution' : 'school',
    new_instituitions: { count: fresh, percentage: percentOf(fresh, total), state: 'new' },
    active_instituitions: { count: active, percentage: percentOf(active, total), state: 'active' },
    inactive_instituitions: { count: inactive, percentage: percentOf(inactive, total), state: 'inactive' },
    total_instituitions: { count: total },
    acquisition: acquisition.map((a) => ({ label: a.quarter, count: num(a.n), percentage: percentOf(num(a.n), total) })),
  }
}

export async function dashboardStatistics(db: Db, scope: DashboardScope): Promise<DashboardStatistics> {
  if (scope.kind === 'platform') {
    const [r] = await query<Record<string, string>>(db, sql`
      select (select count(*) from sittings s where ${COUNTED}) as sittings, (select coalesce(sum(total_attempted), 0) from sittings s where ${COUNTED}) as answered,
        (select count(*) from assessments) as assessments, (select count(*) from students where is_active) as students`)
    return { total_sittings: num(r?.sittings), total_questions_answered: num(r?.answered), total_assessments: num(r?.assessments), total_students: num(r?.students) }
  }
  const inst = scope.institutionId
  const [r] = await query<Record<string, string>>(db, sql`
    select count(*) as sittings, coalesce(sum(s.total_attempted), 0) as answered,
      (select count(*) from assessment_clients where institution_id = ${inst}) as assessments,
      (select count(*) from students st where st.institution_id = ${inst} and st.is_active and ${schoolFilter(scope, sql`st.school_id`)}) as students
    from sittings s where s.institution_id = ${inst} and ${schoolFilter(scope, sql`s.school_id`)} and ${COUNTED}`)
  return { total_sittings: num(r?.sittings), total_questions_answered: num(r?.answered), total_assessments: num(r?.assessments), total_students: num(r?.students) }
}
