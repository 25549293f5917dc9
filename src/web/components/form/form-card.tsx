import type { FormEvent, ReactNode } from 'react'

/** The frame every form screen shares: a titled card, fields, then the action row. */
export function FormCard({ title, description, onSubmit, children, actions }: {
  title: ReactNode
  description?: ReactNode
  onSubmit: () => void
  children: ReactNode
  actions: ReactNode
}) {
  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        event.stopPropagation()
        onSubmit()
      }}
      className="mx-auto w-full max-w-2xl rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="border-b border-slate-100 px-6 py-4">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      </div>
      <div className="space-y-5 px-6 py-6">{children}</div>
      <div className="flex flex-wrap justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/60 px-6 py-4">
        {actions}
      </div>
    </form>
  )
}
