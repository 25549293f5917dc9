import type { ReactNode } from 'react'

export function StatusPage({ image, code, title, children, action }: {
  image?: ReactNode; code?: string; title: ReactNode; children?: ReactNode; action?: ReactNode
}) {
  return (
    <main id="main" tabIndex={-1} className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 focus:outline-none">
      <div className="max-w-md text-center">
        {image}
        {code && <p className="text-sm font-semibold tracking-widest text-brand-700">{code}</p>}
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {children && <div className="mt-3 text-sm text-slate-600">{children}</div>}
        {action && <div className="mt-8">{action}</div>}
      </div>
    </main>
  )
}
