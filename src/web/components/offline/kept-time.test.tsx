// The "last updated" line reads the kept query's age: a copy kept before this page started (restored from the
// device) or any copy while offline says it is saved on this device; an answer fetched since does not.
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithI18n } from '../../test-utils'
import { KeptTime } from './kept-time'

afterEach(() => vi.restoreAllMocks())

describe('KeptTime', () => {
  it('says a copy kept before this page started was saved on this device', () => {
    renderWithI18n(<KeptTime at={Date.now() - 3 * 24 * 3600_000} />)
    expect(screen.getByTestId('kept-time').textContent).toMatch(/Saved on this device/)
  })

  it('says only when an answer fetched since the page started was updated, online', () => {
    renderWithI18n(<KeptTime at={Date.now() + 1} />)
    expect(screen.getByTestId('kept-time').textContent).not.toMatch(/Saved on this device/)
    expect(screen.getByTestId('kept-time').textContent).toMatch(/Last updated/)
  })

  it('says any answer on screen offline is saved on this device', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderWithI18n(<KeptTime at={Date.now() + 1} />)
    expect(screen.getByTestId('kept-time').textContent).toMatch(/Saved on this device/)
  })
})
