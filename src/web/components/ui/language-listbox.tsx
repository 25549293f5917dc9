// The language list itself (Headless UI Listbox): loaded by LanguageSelect on first use only, so the
// sign-in page does not download Headless UI for it (ADR 0100).
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react'
import type { ReactNode } from 'react'
import { useOpenOnMount } from './stand-in'
import type { Language } from '../../lib/i18n/language'
import { CheckIcon } from './icons'

export default function LanguageListbox({ current, names, label, face, buttonClassName, openOnMount, onChange }: {
  current: Language
  names: Record<Language, string>
  label: string
  face: ReactNode
  buttonClassName: string
  /** Opened at once: the user pressed the stand-in button that this list replaces. */
  openOnMount: boolean
  onChange: (language: Language) => void
}) {
  const button = useOpenOnMount(openOnMount)
  return (
    <Listbox value={current} onChange={onChange}>
      <ListboxButton ref={button} aria-label={label} className={buttonClassName}>{face}</ListboxButton>
      <ListboxOptions anchor="bottom end"
        className="z-50 mt-1 w-40 rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 focus:outline-none">
        {(Object.keys(names) as Language[]).map((language) => (
          <ListboxOption key={language} value={language} lang={language}
            className="group flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-slate-700 data-focus:bg-brand-50 data-focus:text-brand-800">
            {names[language]}
            <CheckIcon className="invisible size-4 text-brand-700 group-data-selected:visible" />
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  )
}
