// The page's title and its breadcrumb labels, from the path (spec §2): the area (a menu entry) and the page within it,
// every word in the interface's language. Record ids are skipped; a page named by where it sits among ids (the
// sitting report, /report/5/student/9) has a name of its own.
import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { MENU_ITEMS, SEGMENT_LABELS, isMenuKey } from './menu-items'

/** A record id in a path: a number, or a UUID made on the device (a sitting being captured). */
export const RECORD_ID = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

const NAMED_PAGES: { path: RegExp; label: MessageDescriptor }[] = [
  { path: /^\/report\/[^/]+\/student\/[^/]+\/?$/, label: msg`Sitting report` },
  { path: /^\/report\/[^/]+\/student\/?$/, label: msg`Student report` },
]

/** A path segment's name: a menu entry's, a known page's, or the segment itself. */
export function segmentLabel(segment: string, i18n: I18n): string {
  if (isMenuKey(segment)) return i18n._(MENU_ITEMS[segment].label)
  const label = SEGMENT_LABELS[segment]
  return label ? i18n._(label) : decodeURIComponent(segment)
}

/** The name of the page at `path`, whose last named segment is `segment`. */
export function crumbLabel(path: string, segment: string, i18n: I18n): string {
  const named = NAMED_PAGES.find((p) => p.path.test(path))
  return named ? i18n._(named.label) : segmentLabel(segment, i18n)
}

/** "Area · page" (or the area alone on its own page). */
export function pageTitle(pathname: string, i18n: I18n): string {
  const segments = pathname.split('/').filter((s) => s && !RECORD_ID.test(s))
  const first = segments[0] ?? 'dashboard'
  const area = segmentLabel(first, i18n)
  const last = segments.at(-1) ?? first
  const page = crumbLabel(pathname, last, i18n)
  return last === first && page === area ? area : `${area} · ${page}`
}
