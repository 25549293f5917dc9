// A sitting's history after it was recorded (ADR 0123): each change with who, when, why and the figures before
// and after, oldest first (a void and a restore change no figures); and the notice of a void reading record, which
// no longer counts in any report.
import { Trans, useLingui } from '@lingui/react/macro'
import type { Sitting } from '../../../../shared/schemas/sitting'
import type { SittingChangeKind, VersionFigures } from '../../../../shared/schemas/sitting-version'

export function VoidNotice({ voided }: { voided: NonNullable<Sitting['voided']> }) {
  const { i18n } = useLingui()
  const when = i18n.date(new Date(voided.at), { dateStyle: 'medium' })
  return (
    <p role="status" data-testid="void-notice" className="rounded-md border-s-4 border-rose-600 bg-rose-50 px-3 py-2 text-sm text-rose-900">
      <strong><Trans>Void since {when}:</Trans></strong> {voided.reason}{' '}
      <Trans>It no longer counts in any report.</Trans>
    </p>
  )
}

function ChangeName({ kind }: { kind: SittingChangeKind }) {
  if (kind === 'corrected') return <Trans>Marks corrected</Trans>
  if (kind === 'rescored') return <Trans>Rescored</Trans>
  if (kind === 'restored') return <Trans>Restored</Trans>
  return <Trans>Voided</Trans>
}

function figuresText(f: VersionFigures): string {
  const wcpm = f.wcpm === null ? '' : ` · WCPM ${f.wcpm}`
  return `${Math.round(f.score)}% · E ${f.error_count}${wcpm}`
}

export function SittingTrailCard({ trail }: { trail: Sitting['trail'] }) {
  const { i18n } = useLingui()
  if (trail.length === 0) return null
  return (
    <section aria-labelledby="sitting-trail" className="space-y-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="sitting-trail" className="text-base font-semibold text-slate-900"><Trans>History of this reading record</Trans></h2>
      <ol className="space-y-3" data-testid="sitting-trail">
        {trail.map((change) => {
          const when = i18n.date(new Date(change.made_at), { dateStyle: 'medium', timeStyle: 'short' })
          const who = change.made_by_name.replace(/\s*<[^>]*>$/, '')
          const version = change.version
          return (
            <li key={change.version} className="space-y-1 border-s-2 border-slate-200 ps-3 text-sm">
              <p className="font-medium text-slate-900">
                <Trans>Version {version}</Trans>: <ChangeName kind={change.kind} /> · {who} · {when}
              </p>
              <p className="text-slate-700">{change.reason}</p>
              {(change.kind === 'corrected' || change.kind === 'rescored') && (
                <p className="text-slate-600">
                  <Trans>Before</Trans> <span dir="ltr" className="tabular-nums">{figuresText(change.before.figures)}</span>{' → '}
                  <Trans>after</Trans> <span dir="ltr" className="tabular-nums">{figuresText(change.after.figures)}</span>
                </p>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
