import type { ReactNode } from 'react'
import { Button } from '../ui/button'
import { Spinner } from '../ui/spinner'

/** Disabled while the values do not pass the schema or while submitting (spec §5). */
export function SubmitButton({ valid, submitting, children, className }: {
  valid: boolean
  submitting: boolean
  children: ReactNode
  className?: string
}) {
  return (
    <Button type="submit" disabled={!valid || submitting} aria-busy={submitting || undefined} className={className}>
      {submitting && <Spinner className="size-4 border-white/40 border-t-white" />}
      {children}
    </Button>
  )
}
