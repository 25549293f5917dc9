// A small info button that opens a note (field hints such as "at least 4 characters recommended").
// Headless UI Popover: opens on click or Enter/Space, closes on Escape or outside click.
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react'
import type { ReactNode } from 'react'
import { InfoIcon } from './icons'

export function InfoTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Popover className="relative">
      <PopoverButton aria-label={label} title={label}
        className="inline-flex rounded-full text-slate-400 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
        <InfoIcon className="size-4" />
      </PopoverButton>
      <PopoverPanel anchor="bottom start" className="z-50 mt-2 w-64 rounded-lg bg-slate-900 p-3 text-xs text-white shadow-lg">
        {children}
      </PopoverPanel>
    </Popover>
  )
}
