import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { MENU_KEYS } from '../../../../shared/permissions'
import { cx } from '../../../components/ui/cx'
import { CloseIcon } from '../../../components/ui/icons'
import { Logo } from '../../../components/ui/logo'
import { MENU_ITEMS } from '../menu-items'

export const SIDEBAR_WIDTH = 230
export const SIDEBAR_COLLAPSED_WIDTH = 52

type SidebarProps = {
  menu: readonly string[]
  /** Icons only (52 px). */
  collapsed: boolean
  /** Below 500 px the sidebar is hidden and opens over the page. */
  mode: 'docked' | 'overlay'
  open: boolean
  onClose: () => void
}

export function Sidebar({ menu, collapsed, mode, open, onClose }: SidebarProps) {
  const { t, i18n } = useLingui()
  const items = MENU_KEYS.filter((key) => menu.includes(key))
  if (mode === 'overlay' && !open) return null
  const narrow = mode === 'docked' && collapsed

  return (
    <>
      {mode === 'overlay' && <div className="fixed inset-0 z-30 bg-slate-900/40" aria-hidden="true" onClick={onClose} />}
      <nav
        id="app-sidebar"
        aria-label={t`Main menu`}
        style={{ width: narrow ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
        className={cx(
          'flex shrink-0 flex-col border-e border-slate-200 bg-white transition-[width] duration-200',
          mode === 'overlay' ? 'fixed inset-y-0 start-0 z-40 shadow-xl' : 'sticky top-0 h-dvh',
        )}
      >
        {/* Docked, the logo is the top bar's (app-shell); opened over the page on a phone, it is repeated here. */}
        {mode === 'overlay' && (
          <div className="flex h-16 items-center justify-between border-b border-slate-100 px-4">
            <Link to="/" className="rounded-md"><Logo /></Link>
            <button type="button" onClick={onClose} aria-label={t`Close menu`}
              className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100"><CloseIcon /></button>
          </div>
        )}
        <ul className="flex-1 space-y-0.5 overflow-y-auto p-2">
          {items.map((key) => {
            const item = MENU_ITEMS[key]
            const label = i18n._(item.label)
            const Icon = item.icon
            return (
              <li key={key}>
                <Link
                  to="/$area"
                  params={{ area: key }}
                  onClick={mode === 'overlay' ? onClose : undefined}
                  title={narrow ? label : undefined}
                  aria-label={narrow ? label : undefined}
                  className={cx(
                    'group flex items-center gap-3 rounded-lg py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900',
                    'data-[status=active]:bg-brand-50 data-[status=active]:text-brand-800',
                    narrow ? 'justify-center px-0' : 'px-3',
                  )}
                >
                  <Icon className="size-5 shrink-0 text-slate-400 group-hover:text-slate-600 group-data-[status=active]:text-brand-700" />
                  {!narrow && <span className="truncate">{label}</span>}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
    </>
  )
}
