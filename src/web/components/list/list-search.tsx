import { useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { SearchIcon } from '../ui/icons'

type Props = {
  fields: { key: string; header: string }[]
  field?: string
  q?: string
  onSearch: (field: string | undefined, q: string | undefined) => void
}

/**
 * A field selector and a text box; searching happens on Enter (spec §2).
 * The parent keys it by the current search so it starts over when the URL changes. On a phone it takes the
 * toolbar's whole first row (the buttons go below) and the selector gives way to the text box.
 */
export function ListSearch({ fields, field, q, onSearch }: Props) {
  const { t } = useLingui()
  const id = useId()
  const [selected, setSelected] = useState(field ?? fields[0]?.key ?? '')
  const [text, setText] = useState(q ?? '')

  return (
    <div role="search" className="flex w-full min-w-0 items-center gap-2 sm:w-auto sm:flex-1">
      <label htmlFor={`${id}-field`} className="sr-only">{t`Search by`}</label>
      <select
        id={`${id}-field`}
        value={selected}
        onChange={(event) => {
          const next = event.target.value
          setSelected(next)
          // The empty choice clears the search.
          if (next === '') {
            setText('')
            onSearch(undefined, undefined)
          }
        }}
        className="min-w-0 max-w-[45%] rounded-lg border border-slate-300 bg-white py-2 ps-3 pe-8 text-sm text-slate-700 shadow-xs focus:outline-2 focus:outline-brand-600 sm:max-w-none"
      >
        <option value="">{t`All (clear search)`}</option>
        {fields.map((f) => <option key={f.key} value={f.key}>{f.header}</option>)}
      </select>
      <div className="relative min-w-0 flex-1 sm:max-w-xs">
        <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <label htmlFor={`${id}-text`} className="sr-only">{t`Search text`}</label>
        <input
          id={`${id}-text`}
          type="search"
          value={text}
          disabled={selected === ''}
          placeholder={t`Type and press Enter`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              const trimmed = text.trim()
              onSearch(trimmed && selected ? selected : undefined, trimmed || undefined)
            }
          }}
          className="block w-full rounded-lg border border-slate-300 bg-white py-2 ps-9 pe-3 text-sm shadow-xs placeholder:text-slate-400 focus:outline-2 focus:outline-brand-600 disabled:bg-slate-50"
        />
      </div>
    </div>
  )
}
