import { createFileRoute, notFound } from '@tanstack/react-router'
import { AreaNotAvailable } from '../../features/status-pages/components/area-not-available'
import { isMenuKey } from '../../features/shell/menu-items'

/** Menu areas of later versions: known paths say so plainly; anything else is not found. */
export const Route = createFileRoute('/_app/$area')({
  beforeLoad: ({ params }) => {
    if (!isMenuKey(params.area)) throw notFound()
  },
  component: AreaNotAvailable,
})
