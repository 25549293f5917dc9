// An own table from a spreadsheet (ADR 0124): its name, source, year and passage language beside the file. The
// server checks the file like every upload and refuses it as a whole, naming each bad row; those messages are
// listed here. A loaded table is then offered in the choice above.
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/button'
import { describeError } from '../../../lib/api/error-messages'
import { benchmarkSettingsKey } from '../queries'
import { uploadBenchmarkTable, type TableSheetFields } from '../settings-writes'

const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-600/30 disabled:bg-slate-50'

type Outcome = { kind: 'loaded'; name: string } | { kind: 'error'; messages: string[] } | null

export function TableUpload({ editable }: { editable: boolean }) {
  const { t, i18n } = useLingui()
  const id = useId()
  const queryClient = useQueryClient()
  const [fields, setFields] = useState<TableSheetFields>({ name: '', source: '', year: '', language: 'ar' })
  const [file, setFile] = useState<File | null>(null)
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome>(null)
  const set = (next: Partial<TableSheetFields>) => setFields({ ...fields, ...next })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!file) { setOutcome({ kind: 'error', messages: [t`Choose a spreadsheet to load.`] }); return }
    setSending(true)
    setOutcome(null)
    try {
      await uploadBenchmarkTable(file, fields)
      await queryClient.invalidateQueries({ queryKey: benchmarkSettingsKey })
      setOutcome({ kind: 'loaded', name: fields.name })
    } catch (error) {
      setOutcome({ kind: 'error', messages: describeError(i18n, error) })
    } finally {
      setSending(false)
    }
  }
  const text = (key: 'name' | 'source' | 'year', label: string, inputMode?: 'numeric') => (
    <div>
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium text-slate-700">{label}</label>
      <input id={`${id}-${key}`} className={inputClass} value={fields[key]} inputMode={inputMode} required dir="auto"
        onChange={(event) => set({ [key]: event.target.value })} />
    </div>
  )

  return (
    <form noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="px-6 pt-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900"><Trans>Load your own table</Trans></h2>
        <p className="mt-1 text-sm text-slate-500">
          <Trans>A spreadsheet (.xlsx) with one row per grade and season. Columns: grade, season (BOY, MOY, EOY), wcpm_below, wcpm_at, wcpm_above, and where the table has them accuracy_below, accuracy_at, accuracy_above and one column per percentile (p10, p25 …). A cut point is the lowest score of its level.</Trans>
        </p>
      </div>
      <fieldset disabled={!editable} className="grid gap-6 px-6 py-5 md:grid-cols-2">
        {text('name', t`Table name`)}
        {text('source', t`Source (the publication the figures come from)`)}
        {text('year', t`Year of publication`, 'numeric')}
        <div>
          <label htmlFor={`${id}-language`} className="text-sm font-medium text-slate-700"><Trans>Passage language</Trans></label>
          <select id={`${id}-language`} className={inputClass} value={fields.language}
            onChange={(event) => set({ language: event.target.value === 'en' ? 'en' : 'ar' })}>
            <option value="ar">{t`Arabic`}</option>
            <option value="en">{t`English and other left-to-right languages`}</option>
          </select>
        </div>
        <div className="md:col-span-2">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-700"><Trans>Spreadsheet</Trans></label>
          <input id={`${id}-file`} type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="mt-1 block w-full text-sm text-slate-700" onChange={(event) => { setFile(event.target.files?.[0] ?? null); setOutcome(null) }} />
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-6 py-4">
        <div aria-live="polite" className="me-auto text-sm">
          {outcome?.kind === 'loaded' && <Loaded name={outcome.name} />}
        </div>
        {outcome?.kind === 'error' && (
          <div role="alert" className="w-full text-sm text-red-700">
            <p className="font-medium"><Trans>The table was not loaded:</Trans></p>
            <ul className="mt-1 list-disc ps-5">{outcome.messages.map((m) => <li key={m}>{m}</li>)}</ul>
          </div>
        )}
        {editable && <Button type="submit" disabled={sending}>{sending ? t`Loading…` : t`Load table`}</Button>}
      </div>
    </form>
  )
}

function Loaded({ name }: { name: string }) {
  return <span className="text-emerald-700"><Trans>The table "{name}" was loaded. Choose it above to use it.</Trans></span>
}
