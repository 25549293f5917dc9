// A dual list ("transfer list"): items move between an "available" list and a "selected" list with
// Add / Remove / Add all / Remove all buttons, from the keyboard, by double-click, and optionally by drag
// and drop. Used by class copy and student migration (spec §2).
//
// Each list is an ARIA multi-select listbox (WAI-ARIA APG pattern) with its own optional filter box:
//   ↑ ↓ Home End   move the focus          Space         select / unselect the focused item
//   Shift+↑ ↓      extend the selection     Ctrl/Cmd+A    select every shown item
//   Enter          move the selected items (or the focused one) to the other list
// Moves are announced in a polite live region. The component is controlled: `selected` holds the ids of
// the right-hand list and `onChange` receives the new ids (in the order of `items`).
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useMemo, useRef, useState } from 'react'
import type { DragEvent, KeyboardEvent, ReactNode } from 'react'
import { cx } from './cx'
import { ChevronIcon, SearchIcon } from './icons'
import { Spinner } from './spinner'

export type DualListId = number | string
export type DualListItem<Id extends DualListId = number> = { id: Id; label: string; description?: string }

export type DualListProps<Id extends DualListId = number> = {
  items: readonly DualListItem<Id>[]
  selected: readonly Id[]
  onChange: (ids: Id[]) => void
  availableLabel: string
  selectedLabel: string
  /** Texts of the four move buttons; translated defaults otherwise. */
  buttonLabels?: Partial<Record<'add' | 'remove' | 'addAll' | 'removeAll', string>>
  availableEmptyText?: ReactNode
  selectedEmptyText?: ReactNode
  /** Shows a filter box above each list. */
  filterable?: boolean
  /** Lets items be dragged from one list to the other. */
  draggable?: boolean
  disabled?: boolean
  loading?: boolean
  /** Marks the selected list invalid and points it at the message below. */
  invalid?: boolean
  errorId?: string
  className?: string
}

type Side = 'available' | 'selected'

export function DualList<Id extends DualListId = number>(props: DualListProps<Id>) {
  const { t } = useLingui()
  const { items, selected, onChange, disabled, loading } = props
  const [highlight, setHighlight] = useState<Record<Side, ReadonlySet<Id>>>({ available: new Set(), selected: new Set() })
  const [filters, setFilters] = useState<Record<Side, string>>({ available: '', selected: '' })
  const [announcement, setAnnouncement] = useState<{ count: number; target: string; seq: number } | null>(null)
  const dragging = useRef<{ from: Side; ids: Id[] } | null>(null)

  const selectedSet = useMemo(() => new Set(selected), [selected])
  const lists = useMemo(() => {
    const match = (side: Side, item: DualListItem<Id>) =>
      filters[side] === '' || item.label.toLocaleLowerCase().includes(filters[side].toLocaleLowerCase())
    const available = items.filter((item) => !selectedSet.has(item.id))
    const chosen = items.filter((item) => selectedSet.has(item.id))
    return {
      available: { all: available, shown: available.filter((item) => match('available', item)) },
      selected: { all: chosen, shown: chosen.filter((item) => match('selected', item)) },
    }
  }, [items, selectedSet, filters])

  const labels = {
    add: props.buttonLabels?.add ?? t`Add`,
    remove: props.buttonLabels?.remove ?? t`Remove`,
    addAll: props.buttonLabels?.addAll ?? t`Add all`,
    removeAll: props.buttonLabels?.removeAll ?? t`Remove all`,
  }

  /** Highlighted ids of a side that are still shown there. */
  const highlighted = (side: Side) => lists[side].shown.filter((item) => highlight[side].has(item.id)).map((item) => item.id)

  const move = (from: Side, ids: readonly Id[]) => {
    if (disabled || ids.length === 0) return
    const moving = new Set(ids)
    const next = from === 'available'
      ? items.filter((item) => selectedSet.has(item.id) || moving.has(item.id)).map((item) => item.id)
      : items.filter((item) => selectedSet.has(item.id) && !moving.has(item.id)).map((item) => item.id)
    onChange(next)
    setHighlight((h) => ({ ...h, [from]: new Set() }))
    const target = from === 'available' ? props.selectedLabel : props.availableLabel
    setAnnouncement((a) => ({ count: ids.length, target, seq: (a?.seq ?? 0) + 1 }))
  }

  const onDrop = (to: Side) => (event: DragEvent) => {
    event.preventDefault()
    const drag = dragging.current
    dragging.current = null
    if (drag && drag.from !== to) move(drag.from, drag.ids)
  }

  const pane = (side: Side) => (
    <ListPane<Id>
      side={side}
      label={side === 'available' ? props.availableLabel : props.selectedLabel}
      items={lists[side].shown}
      total={lists[side].all.length}
      highlight={highlight[side]}
      onHighlight={(next) => setHighlight((h) => ({ ...h, [side]: next }))}
      onMove={(ids) => move(side, ids)}
      filterable={Boolean(props.filterable)}
      filter={filters[side]}
      onFilter={(text) => setFilters((f) => ({ ...f, [side]: text }))}
      emptyText={side === 'available'
        ? props.availableEmptyText ?? t`No items.`
        : props.selectedEmptyText ?? t`Nothing selected yet.`}
      draggable={Boolean(props.draggable) && !disabled}
      onDragStart={(ids) => { dragging.current = { from: side, ids } }}
      onDrop={onDrop(side)}
      disabled={disabled}
      loading={loading && side === 'available'}
      invalid={side === 'selected' && props.invalid}
      errorId={side === 'selected' ? props.errorId : undefined}
    />
  )

  const moveButton = 'inline-flex w-full items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300'
  // Arrows point toward the list the items go to: down/up when stacked, toward the inline end/start side
  // by side. The wrapper mirrors them in right-to-left pages (scale, applied after the icon's own rotation).
  const arrow = (toward: 'end' | 'start', double = false) => {
    const icon = <ChevronIcon className={toward === 'end' ? 'size-4 rotate-90 md:rotate-0' : 'size-4 -rotate-90 md:rotate-180'} />
    return <span aria-hidden="true" className="inline-flex rtl:-scale-x-100">{icon}{double && <span className="-ms-2.5 inline-flex">{icon}</span>}</span>
  }

  return (
    <div className={cx('grid gap-3 md:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] md:items-start', props.className)}>
      {pane('available')}
      <div role="group" aria-label={t`Move items`} className="grid grid-cols-2 gap-2 md:w-36 md:grid-cols-1 md:self-center">
        <button type="button" className={moveButton} disabled={disabled || highlighted('available').length === 0}
          onClick={() => move('available', highlighted('available'))}>
          {arrow('end')}{labels.add}
        </button>
        <button type="button" className={moveButton} disabled={disabled || highlighted('selected').length === 0}
          onClick={() => move('selected', highlighted('selected'))}>
          {arrow('start')}{labels.remove}
        </button>
        <button type="button" className={moveButton} disabled={disabled || lists.available.shown.length === 0}
          onClick={() => move('available', lists.available.shown.map((item) => item.id))}>
          {arrow('end', true)}
          {labels.addAll}
        </button>
        <button type="button" className={moveButton} disabled={disabled || lists.selected.shown.length === 0}
          onClick={() => move('selected', lists.selected.shown.map((item) => item.id))}>
          {arrow('start', true)}
          {labels.removeAll}
        </button>
      </div>
      {pane('selected')}
      <p aria-live="polite" className="sr-only">
        {announcement && (
          <MoveAnnouncement key={announcement.seq} count={announcement.count} target={announcement.target} />
        )}
      </p>
    </div>
  )
}

function MoveAnnouncement({ count, target }: { count: number; target: string }) {
  return <span><Plural value={count} one={`# item moved to ${target}.`} other={`# items moved to ${target}.`} /></span>
}

type PaneProps<Id extends DualListId> = {
  side: Side
  label: string
  items: readonly DualListItem<Id>[]
  total: number
  highlight: ReadonlySet<Id>
  onHighlight: (next: ReadonlySet<Id>) => void
  onMove: (ids: Id[]) => void
  filterable: boolean
  filter: string
  onFilter: (text: string) => void
  emptyText: ReactNode
  draggable: boolean
  onDragStart: (ids: Id[]) => void
  onDrop: (event: DragEvent) => void
  disabled?: boolean
  loading?: boolean
  invalid?: boolean
  errorId?: string
}

function ListPane<Id extends DualListId>(p: PaneProps<Id>) {
  const { t } = useLingui()
  const baseId = useId()
  const [focusIndex, setFocusIndex] = useState(0)
  const [anchor, setAnchor] = useState<number | null>(null)
  const [dropping, setDropping] = useState(false)
  const [focused, setFocused] = useState(false)
  const listRef = useRef<HTMLUListElement>(null)
  const count = p.items.length
  const focus = count === 0 ? -1 : Math.min(focusIndex, count - 1)
  const optionId = (index: number) => `${baseId}-opt-${index}`
  const total = p.total

  const scrollTo = (index: number) => {
    listRef.current?.querySelector(`#${CSS.escape(optionId(index))}`)?.scrollIntoView?.({ block: 'nearest' })
  }
  const range = (a: number, b: number) => {
    const [from, to] = a < b ? [a, b] : [b, a]
    return new Set(p.items.slice(from, to + 1).map((item) => item.id))
  }
  const toggle = (index: number) => {
    const id = p.items[index]!.id
    const next = new Set(p.highlight)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    p.onHighlight(next)
    setAnchor(index)
  }
  const go = (index: number, extend: boolean) => {
    if (count === 0) return
    const target = Math.max(0, Math.min(count - 1, index))
    setFocusIndex(target)
    scrollTo(target)
    if (extend) p.onHighlight(range(anchor ?? focus, target))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (p.disabled || count === 0) return
    const mod = event.ctrlKey || event.metaKey
    switch (event.key) {
      case 'ArrowDown': event.preventDefault(); if (event.shiftKey && anchor === null) setAnchor(focus); go(focus + 1, event.shiftKey); break
      case 'ArrowUp': event.preventDefault(); if (event.shiftKey && anchor === null) setAnchor(focus); go(focus - 1, event.shiftKey); break
      case 'Home': event.preventDefault(); go(0, event.shiftKey); break
      case 'End': event.preventDefault(); go(count - 1, event.shiftKey); break
      case ' ': event.preventDefault(); toggle(focus); break
      case 'Enter': {
        event.preventDefault()
        const ids = p.items.filter((item) => p.highlight.has(item.id)).map((item) => item.id)
        p.onMove(ids.length ? ids : [p.items[focus]!.id])
        break
      }
      case 'a':
      case 'A':
        if (mod) {
          event.preventDefault()
          const allOn = p.items.every((item) => p.highlight.has(item.id))
          p.onHighlight(allOn ? new Set() : new Set(p.items.map((item) => item.id)))
        }
        break
    }
  }

  const labelId = `${baseId}-label`
  const listLabel = p.label
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <span id={labelId} title={p.label} className="min-w-0 truncate text-sm font-medium text-slate-700">{p.label}</span>
        <span className="shrink-0 text-xs whitespace-nowrap text-slate-500 tabular-nums">
          {count === total
            ? <Plural value={total} one="# item" other="# items" />
            : <Trans>{count} of {total}</Trans>}
        </span>
      </div>
      {p.filterable && (
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={p.filter}
            onChange={(event) => p.onFilter(event.target.value)}
            aria-label={t`Filter ${listLabel}`}
            placeholder={t`Filter`}
            disabled={p.disabled}
            className="block w-full rounded-lg border border-slate-300 bg-white py-1.5 ps-8 pe-3 text-sm shadow-xs placeholder:text-slate-400 focus:outline-2 focus:outline-brand-600"
          />
        </div>
      )}
      <ul
        ref={listRef}
        role="listbox"
        aria-multiselectable="true"
        aria-labelledby={labelId}
        aria-activedescendant={focus >= 0 ? optionId(focus) : undefined}
        aria-disabled={p.disabled || undefined}
        aria-invalid={p.invalid || undefined}
        aria-describedby={p.invalid ? p.errorId : undefined}
        aria-busy={p.loading || undefined}
        tabIndex={p.disabled ? -1 : 0}
        onKeyDown={onKeyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onDragOver={(event) => {
          if (!p.draggable) return
          event.preventDefault()
          event.dataTransfer.dropEffect = 'move'
          setDropping(true)
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          setDropping(false)
          if (p.draggable) p.onDrop(event)
        }}
        className={cx(
          'h-64 overflow-y-auto rounded-lg bg-white p-1 text-sm shadow-xs ring-1 ring-inset focus:outline-2 focus:outline-offset-1 focus:outline-brand-600',
          p.invalid ? 'ring-rose-300' : 'ring-slate-300',
          dropping && 'bg-brand-50 ring-2 ring-brand-500',
          p.disabled && 'cursor-not-allowed bg-slate-50',
        )}
      >
        {p.items.map((item, index) => {
          const on = p.highlight.has(item.id)
          return (
            <li
              key={String(item.id)}
              id={optionId(index)}
              role="option"
              aria-selected={on}
              draggable={p.draggable}
              onDragStart={(event) => {
                const ids = on ? p.items.filter((i) => p.highlight.has(i.id)).map((i) => i.id) : [item.id]
                event.dataTransfer.effectAllowed = 'move'
                event.dataTransfer.setData('text/plain', ids.join(','))
                p.onDragStart(ids)
              }}
              onMouseDown={(event) => {
                // Keep the focus on the listbox rather than the option.
                event.preventDefault()
                listRef.current?.focus({ preventScroll: true })
              }}
              onClick={(event) => {
                if (p.disabled) return
                setFocusIndex(index)
                // A plain click toggles (touch friendly); Shift+click selects a range from the last toggled item.
                if (event.shiftKey && anchor !== null) p.onHighlight(range(anchor, index))
                else toggle(index)
              }}
              onDoubleClick={() => !p.disabled && p.onMove([item.id])}
              className={cx(
                'flex cursor-pointer items-start gap-2 rounded-md px-2.5 py-1.5 select-none',
                on ? 'bg-brand-50 text-brand-900' : 'text-slate-700 hover:bg-slate-50',
                focused && index === focus && 'ring-2 ring-brand-500 ring-inset',
                p.draggable && 'active:cursor-grabbing',
              )}
            >
              <span aria-hidden="true" className={cx('mt-0.5 flex size-4 shrink-0 items-center justify-center rounded border',
                on ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white')}>
                {on && (
                  <svg viewBox="0 0 12 12" className="size-3" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
                    <path d="M2.5 6.5l2.5 2.5 4.5-5" />
                  </svg>
                )}
              </span>
              <span className="min-w-0">
                <span className="block truncate">{item.label}</span>
                {item.description && <span className="block truncate text-xs text-slate-500">{item.description}</span>}
              </span>
            </li>
          )
        })}
        {p.loading && (
          <li role="presentation" className="flex items-center justify-center gap-2 py-8 text-slate-500">
            <Spinner /><span>{t`Loading…`}</span>
          </li>
        )}
        {!p.loading && count === 0 && (
          <li role="presentation" className="px-2.5 py-8 text-center text-slate-500">{p.filter ? t`No items match the filter.` : p.emptyText}</li>
        )}
      </ul>
    </div>
  )
}
