import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import { useLingui } from '@lingui/react/macro'
import { getLanguage, switchLanguage } from '../../lib/i18n/language'
import type { Language } from '../../lib/i18n/language'
import { CheckIcon, ChevronDownIcon, GlobeIcon } from './icons'

// Language names are written in their own language so everyone can find theirs.
const NAMES: Record<Language, string> = { en: 'English', ar: 'العربية' }

export function LanguageSelect() {
  const { t } = useLingui()
  const current = getLanguage()
  const currentName = NAMES[current]
  return (
    <Listbox value={current} onChange={(language: Language) => language !== current && switchLanguage(language)}>
      <ListboxButton aria-label={t`Language: ${currentName}`}
        className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600">
        <GlobeIcon className="size-4" />
        <span lang={current}>{NAMES[current]}</span>
        <ChevronDownIcon className="size-4 text-slate-400" />
      </ListboxButton>
      <ListboxOptions anchor="bottom end"
        className="z-50 mt-1 w-40 rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none">
        {(Object.keys(NAMES) as Language[]).map((language) => (
          <ListboxOption key={language} value={language} lang={language}
            className="group flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-slate-700 data-focus:bg-brand-50 data-focus:text-brand-800">
            {NAMES[language]}
            <CheckIcon className="invisible size-4 text-brand-700 group-data-selected:visible" />
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  )
}
