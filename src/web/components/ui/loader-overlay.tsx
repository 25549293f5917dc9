import { useLingui } from '@lingui/react/macro'
import { Spinner } from './spinner'

export function LoaderOverlay({ active }: { active: boolean }) {
  const { t } = useLingui()
  if (!active) return null
  return (
    <div role="progressbar" aria-busy="true" aria-label={t`Loading`}
      className="fixed inset-0 z-[55] flex items-center justify-center bg-white/50 backdrop-blur-[1px]">
      <Spinner className="size-8" />
    </div>
  )
}
