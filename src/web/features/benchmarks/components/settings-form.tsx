// The settings themselves: the table per passage language (with its source and year), the season starts, the
// digits and the text level expected of each grade. Saved with the version it was read at; the server's messages
// are shown beside the fields they concern.
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { SEASON_CODES, type SeasonCode } from '../../../../shared/benchmarks/seasons'
import type { BenchmarkSettings, Digits } from '../../../../shared/schemas/benchmark'
import { Button } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api/api-error'
import { describeError } from '../../../lib/api/error-messages'
import { benchmarkSettingsKey, benchmarkSettingsQuery } from '../queries'
import { saveBenchmarkSettings, type SettingsDraft } from '../settings-writes'
import { ExpectedLevels } from './expected-levels'

const LANGUAGES = ['ar', 'en'] as const
type Language = (typeof LANGUAGES)[number]

const LANGUAGE_LABELS = {
  ar: msg`Table for Arabic passages`,
  en: msg`Table for English and other left-to-right passages`,
}
const SEASON_LABELS = {
  boy: msg`Beginning of year (BOY) starts on`,
  moy: msg`Middle of year (MOY) starts on`,
  eoy: msg`End of year (EOY) starts on`,
}
const selectClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600/30 disabled:bg-slate-50 disabled:text-slate-500'

type Outcome = { kind: 'saved' } | { kind: 'error'; messages: string[] } | null

const draftOf = (s: BenchmarkSettings): SettingsDraft => ({ seasons: s.seasons, digits: s.digits, tables: s.tables, expected_levels: s.expected_levels })

export function SettingsForm({ settings, editable }: { settings: BenchmarkSettings; editable: boolean }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<SettingsDraft>(draftOf(settings))
  const [saving, setSaving] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)

  const submit = async () => {
    setSaving(true)
    setOutcome(null)
    try {
      const saved = await saveBenchmarkSettings(settings, draft)
      queryClient.setQueryData(benchmarkSettingsKey, saved)
      await queryClient.invalidateQueries({ queryKey: ['reports'] })
      setOutcome({ kind: 'saved' })
    } catch (error) {
      setOutcome({ kind: 'error', messages: describeError(i18n, error) })
      // Changed meanwhile (another administrator): the form shows the settings as they are now.
      if (isApiError(error) && error.status === 409) {
        const fresh = await queryClient.fetchQuery({ ...benchmarkSettingsQuery(), staleTime: 0 })
        setDraft(draftOf(fresh))
      }
    } finally {
      setSaving(false)
    }
  }
  const edit = (next: Partial<SettingsDraft>) => { setDraft({ ...draft, ...next }); setOutcome(null) }

  return (
    <form noValidate aria-labelledby="benchmark-settings" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      onSubmit={(event) => { event.preventDefault(); if (editable) void submit() }}>
      <div className="px-6 pt-5">
        <h2 id="benchmark-settings" className="text-lg font-semibold text-slate-900"><Trans>Benchmark settings</Trans></h2>
        <p className="mt-1 text-sm text-slate-500"><Trans>The class and school benchmark views judge each sitting by the table chosen for its passage language, in the season its date falls in. Changes apply to every view at once.</Trans></p>
      </div>
      <fieldset disabled={!editable} className="space-y-8 px-6 py-5">
        <div className="grid gap-6 md:grid-cols-2">
          {LANGUAGES.map((lang) => (
            <TableChoice key={lang} lang={lang} settings={settings} value={draft.tables[lang]}
              onChange={(code) => edit({ tables: { ...draft.tables, [lang]: code } })} />
          ))}
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900"><Trans>Seasons</Trans></legend>
          <p className="mt-1 text-sm text-slate-500"><Trans>Each season runs until the next one starts; the first one starts the academic year.</Trans></p>
          <div className="mt-3 grid gap-6 md:grid-cols-3">
            {SEASON_CODES.map((season) => (
              <SeasonStart key={season} season={season} value={draft.seasons[season]}
                onChange={(monthDay) => edit({ seasons: { ...draft.seasons, [season]: monthDay } })} />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900"><Trans>Digits in Arabic reports</Trans></legend>
          <div className="mt-3 flex flex-wrap gap-6">
            {(['arab', 'latn'] as const).map((digits: Digits) => (
              <label key={digits} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name="digits" value={digits} checked={draft.digits === digits}
                  onChange={() => edit({ digits })} className="size-4 accent-sky-700" />
                {digits === 'arab' ? <Trans>Arabic-Indic (٠١٢٣)</Trans> : <Trans>Latin (0123)</Trans>}
              </label>
            ))}
          </div>
        </fieldset>
        <ExpectedLevels value={draft.expected_levels} onChange={(expected_levels) => edit({ expected_levels })} />
      </fieldset>
      <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-6 py-4">
        <div aria-live="polite" className="me-auto text-sm">
          {outcome?.kind === 'saved' && <span className="text-emerald-700"><Trans>The benchmark settings were saved.</Trans></span>}
        </div>
        {outcome?.kind === 'error' && outcome.messages.length > 0 && (
          <ul role="alert" className="w-full list-disc ps-5 text-sm text-red-700">{outcome.messages.map((m) => <li key={m}>{m}</li>)}</ul>
        )}
        {editable && <Button type="submit" disabled={saving}>{saving ? t`Saving…` : t`Save settings`}</Button>}
      </div>
    </form>
  )
}

function TableChoice({ lang, settings, value, onChange }: {
  lang: Language; settings: BenchmarkSettings; value: string | null; onChange: (code: string | null) => void
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  const tables = settings.available.filter((table) => table.language === lang)
  const chosen = tables.find((table) => table.code === value)
  const source = chosen?.source
  const year = chosen?.year
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">{i18n._(LANGUAGE_LABELS[lang])}</label>
      <select id={id} className={selectClass} value={value ?? ''} aria-describedby={`${id}-source`}
        onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{t`No table (no benchmark)`}</option>
        {tables.map((table) => <option key={table.code} value={table.code}>{table.name}</option>)}
      </select>
      <p id={`${id}-source`} className="mt-2 text-sm text-slate-600">
        {chosen ? t`Source: ${source} (${year})` : lang === 'ar'
          ? t`No published Arabic table ships with Miscue. Load your ministry's table below, then choose it here.`
          : t`Without a table, the views show "No benchmark for this grade".`}
      </p>
    </div>
  )
}

/** A season's start as a month and a day ('MM-DD'). */
function SeasonStart({ season, value, onChange }: { season: SeasonCode; value: string; onChange: (monthDay: string) => void }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const [month, day] = value.split('-').map(Number) as [number, number]
  const monthName = new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' })
  const digits = new Intl.NumberFormat(i18n.locale)
  const set = (m: number, d: number) => onChange(`${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`)
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{i18n._(SEASON_LABELS[season])}</legend>
      <div className="mt-1 flex gap-2">
        <label htmlFor={`${id}-day`} className="sr-only">{t`Day`}</label>
        <select id={`${id}-day`} className={selectClass} value={day} onChange={(event) => set(month, Number(event.target.value))}>
          {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => <option key={d} value={d}>{digits.format(d)}</option>)}
        </select>
        <label htmlFor={`${id}-month`} className="sr-only">{t`Month`}</label>
        <select id={`${id}-month`} className={selectClass} value={month} onChange={(event) => set(Number(event.target.value), day)}>
          {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => <option key={m} value={m}>{monthName.format(new Date(Date.UTC(2001, m - 1, 1)))}</option>)}
        </select>
      </div>
    </fieldset>
  )
}
