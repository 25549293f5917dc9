import { cx } from './cx'

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx('inline-block size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700', className)}
    />
  )
}
