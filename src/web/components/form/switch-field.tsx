// An on/off switch (Headless UI Switch: role="switch", Space toggles) bound to a boolean TanStack Form
// field. The knob moves toward the inline end, so it mirrors in right-to-left pages.
import { Description, Field, Label, Switch } from '@headlessui/react'
import type { AnyFieldApi } from '@tanstack/react-form'
import type { ReactNode } from 'react'

export function SwitchField({ field, label, hint, disabled, onEdited }: {
  field: AnyFieldApi
  label: ReactNode
  hint?: ReactNode
  disabled?: boolean
  onEdited?: () => void
}) {
  const checked = Boolean(field.state.value)
  return (
    <Field disabled={disabled} className="flex items-center justify-between gap-4">
      <span className="flex flex-col">
        <Label className="text-sm font-medium text-slate-700 data-disabled:text-slate-400">{label}</Label>
        {hint && <Description className="text-xs text-slate-500">{hint}</Description>}
      </span>
      <Switch
        name={field.name as string}
        checked={checked}
        onChange={(next: boolean) => {
          field.handleChange(next)
          field.handleBlur()
          onEdited?.()
        }}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 p-0.5 transition-colors duration-200 focus:outline-none data-checked:bg-brand-700 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className="pointer-events-none inline-block size-5 rounded-full bg-white shadow ring-0 transition-transform duration-200 group-data-checked:translate-x-5 rtl:group-data-checked:-translate-x-5"
        />
      </Switch>
    </Field>
  )
}
