// A control whose Headless UI code loads on first use (ADR 0100, 0108): until then a plain button that looks
// the same stands in for it. Pointing at it or focusing it starts loading the code; pressing it (or an arrow
// key) swaps in the real control, which opens at once (useOpenOnMount).
import { useEffect, useRef } from 'react'
import type { KeyboardEvent, ReactNode } from 'react'

export function StandInButton({ popup, label, className, warm, onUse, children }: {
  popup: 'menu' | 'listbox'
  /** Its accessible name when the visible text is not (the real control gets the same one). */
  label?: string
  className: string
  /** Starts loading the real control's code. */
  warm: () => void
  /** Swaps in the real control. */
  onUse: () => void
  children: ReactNode
}) {
  return (
    <button type="button" aria-label={label} aria-haspopup={popup} aria-expanded={false} className={className}
      onPointerEnter={warm} onFocus={warm} onClick={onUse}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault()
          onUse()
        }
      }}>
      {children}
    </button>
  )
}

/** The real control's button, focused and pressed once when it replaces a stand-in the user pressed. */
export function useOpenOnMount(openOnMount: boolean) {
  const button = useRef<HTMLButtonElement>(null)
  const opened = useRef(false)
  useEffect(() => {
    if (!openOnMount || opened.current) return
    opened.current = true
    button.current?.focus()
    button.current?.click()
  }, [openOnMount])
  return button
}
