// A report's answer renders as a transition, but the screen never shows another class's answer meanwhile.
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDeferredAnswer } from './use-deferred-answer'

type Rows = { rows: string[] }

/** Renders the answer the hook gives, and records every value it gave, render by render. */
function setup() {
  const given: (string | undefined)[] = []
  function List({ data, classKey }: { data: Rows | undefined; classKey: string }) {
    const shown = useDeferredAnswer(data, classKey)
    given.push(shown?.rows.join(','))
    return <p data-testid="list">{shown ? shown.rows.join(',') : 'Loading…'}</p>
  }
  return { given, List }
}

describe('useDeferredAnswer', () => {
  it('shows an answer there at mount at once, and one that arrives once its transition has run', async () => {
    const { given, List } = setup()
    const view = render(<List data={{ rows: ['Sara'] }} classKey="1:A" />)
    expect(given[0]).toBe('Sara')
    view.rerender(<List data={undefined} classKey="1:B" />)
    await act(async () => {})
    expect(screen.getByTestId('list').textContent).toBe('Loading…')
    const before = given.length
    await act(async () => view.rerender(<List data={{ rows: ['Omar', 'Lina'] }} classKey="1:B" />))
    expect(screen.getByTestId('list').textContent).toBe('Omar,Lina')
    // The render the answer's arrival caused still gave nothing; a second, the transition, gave the rows.
    expect(given.slice(before)).toEqual([undefined, 'Omar,Lina'])
  })

  it('never gives another class\'s answer, not even for the render before the transition', async () => {
    const { given, List } = setup()
    const view = render(<List data={{ rows: ['Sara'] }} classKey="1:A" />)
    given.length = 0
    // Class B's answer was already saved: it comes at once, with the new key.
    await act(async () => view.rerender(<List data={{ rows: ['Omar'] }} classKey="1:B" />))
    expect(given).not.toContain('Sara')
    expect(screen.getByTestId('list').textContent).toBe('Omar')
  })

  it('keeps showing the same class\'s answer while a fresher one renders, without a loading flash', async () => {
    const { given, List } = setup()
    const view = render(<List data={{ rows: ['Sara'] }} classKey="1:A" />)
    given.length = 0
    await act(async () => view.rerender(<List data={{ rows: ['Sara', 'Omar'] }} classKey="1:A" />))
    expect(given).not.toContain(undefined)
    expect(screen.getByTestId('list').textContent).toBe('Sara,Omar')
  })
})
