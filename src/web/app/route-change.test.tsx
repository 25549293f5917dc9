// The message banner belongs to the page it was shown on (spec §4): a route change clears it, styled by kind
// while shown; and focus moves to the new page's content.
import { act, screen, waitFor } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { MessageBanner } from '../components/ui/message-banner'
import { showBanner } from '../lib/notify/banner'
import { renderWithI18n } from '../test-utils'
import { useRouteChangeEffects } from './route-change'

function app() {
  const root = createRootRoute({
    component: function Layout() {
      useRouteChangeEffects()
      return <main id="main" tabIndex={-1}><MessageBanner /><Outlet /></main>
    },
  })
  const page = (path: string, title: string) => createRoute({ getParentRoute: () => root, path, component: () => <h1>{title}</h1> })
  const router = createRouter({
    routeTree: root.addChildren([page('/grade', 'Grades'), page('/section', 'Sections')]),
    history: createMemoryHistory({ initialEntries: ['/grade'] }),
  })
  renderWithI18n(<RouterProvider router={router} />)
  return router
}

describe('a route change', () => {
  it('clears the banner an error left on the previous page, and moves focus to the new content', async () => {
    const router = app()
    await screen.findByRole('heading', { name: 'Grades' })
    act(() => showBanner('error', ['The server refused the change.', 'School is archived.']))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('School is archived.')
    expect(alert.className).toContain('bg-rose-50')

    await act(() => router.navigate({ to: '/section' }))
    await screen.findByRole('heading', { name: 'Sections' })
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    expect(document.activeElement?.id).toBe('main')
  })

  it('shows a success as a status, not an alert, until the user closes it', async () => {
    app()
    await screen.findByRole('heading', { name: 'Grades' })
    act(() => showBanner('success', 'Saved.'))
    expect(screen.getByRole('status').className).toContain('bg-emerald-50')
    act(() => screen.getByRole('button', { name: 'Close message' }).click())
    expect(screen.queryByRole('status')).toBeNull()
  })
})
