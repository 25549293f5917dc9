// A student's progress (issue 26): words correct per minute with the aimline, accuracy and the level of the texts
// read, over the year and across years; the rate of improvement; the below-aimline flag; the goal a teacher sets.
// A goal still waiting in the outbox is drawn at once (figures recomputed with the shared rules), marked pending.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { aimlineAt, belowAimline, dayNumber, levelOrder, type StudentProgress } from '../../../../shared/reports/progress'
import type { StudentGoal } from '../../../../shared/schemas/student-goal'
import { TrendChart, type TrendBand, type TrendSeries } from '../../../components/charts/trend-chart'
import { KeptTime } from '../../../components/offline/kept-time'
import type { Kept } from '../../../components/offline/kept-time'
import { Badge } from '../../../components/ui/badge'
import { BandLabel } from '../../../components/ui/band-label'
import { Button } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/icons'
import { goalWrites } from '../goal-writes'
import { GoalForm, type GoalStart } from './goal-form'

const DAY_MS = 86_400_000
const COLORS = { wcpm: '#0072B2', aimline: '#D55E00', accuracy: '#009E73', level: '#CC79A7' }

/** The goal as the server has it, or as the newest write still waiting in the outbox would make it. */
function useShownGoal(studentId: number, saved: StudentGoal | null): { goal: StudentGoal | null; pending: boolean } {
  const pending = goalWrites.usePendingRows({ studentId }).filter((row) => !row.rejected).at(-1)
  if (!pending) return { goal: saved, pending: false }
  return { goal: { ...(saved ?? { id: 0, student_id: studentId, updated_at: '' }), ...pending.values } as StudentGoal, pending: true }
}

function roundUp(value: number): number {
  return Math.max(10, Math.ceil(value / 10) * 10)
}

export function ProgressSection({ progress, canSetGoal }: { progress: Kept<StudentProgress>; canSetGoal: boolean }) {
  const { t, i18n } = useLingui()
  const [editing, setEditing] = useState(false)
  const p = progress.data
  const { goal, pending } = useShownGoal(p.student.id, p.goal)
  const below = pending ? belowAimline(p.points, goal) : p.below_aimline
  const direction = i18n.locale.startsWith('ar') ? 'rtl' : 'ltr'
  const num = (value: number, digits = 1) => i18n.number(value, { maximumFractionDigits: digits })
  const dayText = (day: number) => i18n.date(new Date(day * DAY_MS), { dateStyle: 'medium', timeZone: 'UTC' })
  const newest = p.points.at(-1)
  const firstOfYear = p.points.find((x) => x.academic_year_id === newest?.academic_year_id)
  const rate = p.rate_of_improvement === null ? null : num(p.rate_of_improvement, 2)
  const goalWcpm = goal ? num(goal.goal_wcpm) : ''
  const goalDay = goal ? dayText(dayNumber(goal.goal_date)) : ''
  const start: GoalStart = firstOfYear ? { start_date: firstOfYear.date, start_wcpm: firstOfYear.wcpm } : { start_date: new Date().toISOString().slice(0, 10), start_wcpm: 0 }

  const days = [...p.points.map((x) => dayNumber(x.date)), ...(goal ? [dayNumber(goal.start_date), dayNumber(goal.goal_date)] : [])]
  const xDomain: [number, number] = days.length ? [Math.min(...days), Math.max(...days, Math.min(...days) + 7)] : [0, 7]
  const wcpmSeries: TrendSeries[] = [
    { key: 'wcpm', label: t`Words correct per minute`, color: COLORS.wcpm, marker: 'circle', points: p.points.map((x) => ({ x: dayNumber(x.date), y: x.wcpm })) },
    ...(goal ? [{
      key: 'aimline', label: t`Aimline to the goal`, color: COLORS.aimline, marker: 'diamond' as const, dash: '6 4',
      points: [{ x: dayNumber(goal.start_date), y: goal.start_wcpm }, { x: dayNumber(goal.goal_date), y: goal.goal_wcpm }],
    }] : []),
  ]
  const wcpmMax = roundUp(Math.max(0, ...wcpmSeries.flatMap((s) => s.points.map((x) => x.y))) * 1.1)
  const bands: TrendBand[] = (p.benchmark?.bands ?? []).flatMap((b) => {
    const xs = { xFrom: dayNumber(b.from), xTo: dayNumber(b.to) }
    const key = `${b.academic_year_name}-${b.season}`
    return [
      { key: `${key}-well-below`, label: t`Well below benchmark`, from: 0, to: b.cuts.below, color: '#fda4af', ...xs },
      { key: `${key}-below`, label: t`Below benchmark`, from: b.cuts.below, to: b.cuts.at, color: '#fcd34d', ...xs },
      { key: `${key}-at`, label: t`At or above benchmark`, from: b.cuts.at, to: Number.MAX_SAFE_INTEGER, color: '#86efac', ...xs },
    ]
  })
  const tableName = p.benchmark ? `${p.benchmark.table} (${p.benchmark.year})` : ''
  const levels = levelOrder(p.points.flatMap((x) => (x.text_level ? [x.text_level] : [])))

  return (
    <section aria-labelledby="progress" className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="progress" className="text-base font-semibold text-slate-900"><Trans>Progress</Trans></h2>
        {canSetGoal && !editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>{goal ? <Trans>Change the goal</Trans> : <Trans>Set a goal</Trans>}</Button>
        )}
      </div>
      <KeptTime at={progress.dataUpdatedAt} />
      {below && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200" data-testid="below-aimline">
          <AlertIcon className="size-5 shrink-0" />
          <Trans>Below the aimline: the last three readings are under it.</Trans>
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-slate-500"><Trans>Rate of improvement</Trans></dt>
          <dd className="text-sm text-slate-900" data-testid="rate-of-improvement">
            {rate === null ? <Trans>Not enough readings this year</Trans> : <Trans>{rate} words per week</Trans>}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500"><Trans>Goal</Trans></dt>
          <dd className="flex flex-wrap items-center gap-2 text-sm text-slate-900" data-testid="goal">
            {goal
              ? <Trans>{goalWcpm} words correct per minute by {goalDay}</Trans>
              : <Trans>No goal yet</Trans>}
            {pending && <Badge tone="pending"><Trans>Pending sync</Trans></Badge>}
          </dd>
        </div>
      </dl>
      {editing && <GoalForm studentId={p.student.id} goal={goal} start={start} onDone={() => setEditing(false)} />}
      {p.points.length === 0 ? <p className="text-sm text-slate-600"><Trans>No readings yet.</Trans></p> : (
        <>
          <div className="grid gap-6 lg:grid-cols-2">
            <TrendChart testId="wcpm-chart" caption={<Trans>Words correct per minute</Trans>} direction={direction} series={wcpmSeries} bands={bands}
              xDomain={xDomain} yDomain={[0, wcpmMax]} xLabel={dayText} yLabel={(y) => num(y, 0)} />
            <TrendChart testId="accuracy-chart" caption={<Trans>Accuracy (%)</Trans>} direction={direction} xDomain={xDomain} yDomain={[0, 100]}
              xLabel={dayText} yLabel={(y) => num(y, 0)}
              series={[{ key: 'accuracy', label: t`Accuracy`, color: COLORS.accuracy, marker: 'square', points: p.points.map((x) => ({ x: dayNumber(x.date), y: x.accuracy })) }]} />
            {levels.length > 0 && (
              <TrendChart testId="level-chart" caption={<Trans>Level of the texts read</Trans>} direction={direction} xDomain={xDomain}
                yDomain={[-0.5, Math.max(0.5, levels.length - 0.5)]} yTicks={levels.map((_, i) => i)} xLabel={dayText} yLabel={(y) => levels[y] ?? ''}
                series={[{ key: 'level', label: t`Text level`, color: COLORS.level, marker: 'diamond',
                  points: p.points.flatMap((x) => (x.text_level ? [{ x: dayNumber(x.date), y: levels.indexOf(x.text_level) }] : [])) }]} />
            )}
          </div>
          {p.benchmark && <p className="text-xs text-slate-500" title={p.benchmark.source}><Trans>Bands behind the words correct per minute: {tableName}</Trans></p>}
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="progress-table">
              <caption className="pb-2 text-start text-sm font-medium text-slate-700"><Trans>Readings over time (the charts as a table)</Trans></caption>
              <thead className="text-slate-500"><tr>
                <th scope="col" className="py-2 text-start font-medium"><Trans>Date</Trans></th>
                <th scope="col" className="py-2 text-start font-medium"><Trans>Assessment</Trans></th>
                <th scope="col" className="py-2 text-end font-medium"><abbr title={t`Words read correctly per minute`}><Trans>WCPM</Trans></abbr></th>
                {goal && <th scope="col" className="py-2 text-end font-medium"><Trans>Aimline</Trans></th>}
                <th scope="col" className="py-2 text-end font-medium"><Trans>Accuracy</Trans></th>
                <th scope="col" className="py-2 ps-3 text-start font-medium"><Trans>Text level</Trans></th>
                <th scope="col" className="py-2 ps-3 text-start font-medium"><Trans>Level</Trans></th>
              </tr></thead>
              <tbody>
                {p.points.map((x) => (
                  <tr key={x.sitting_id} className="border-t border-slate-100">
                    <td className="py-2">
                      {dayText(dayNumber(x.date))}
                      <span className="block text-xs text-slate-500" dir="ltr">{x.academic_year_name}</span>
                    </td>
                    <td className="py-2">{x.assessment_name}</td>
                    <td className="py-2 text-end tabular-nums">{num(x.wcpm)}</td>
                    {goal && <td className="py-2 text-end tabular-nums">{x.date >= goal.start_date ? num(aimlineAt(goal, x.date)) : '—'}</td>}
                    <td className="py-2 text-end tabular-nums">{num(x.accuracy, 0)}%</td>
                    <td className="py-2 ps-3" dir="ltr">{x.text_level ?? '—'}</td>
                    <td className="py-2 ps-3"><BandLabel band={x.band} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
