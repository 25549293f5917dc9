import { describe, expect, it } from 'vitest'
import { progressOf } from './demo-progress'

describe('progressOf', () => {
  it('shows 10 % while the task waits', () => {
    expect(progressOf({ state: 'PENDING', status: null }, 0, true)).toEqual({ percent: 10, status: null, done: false })
  })
  it('shows current/total as a whole percent while copying, with the status text', () => {
    expect(progressOf({ state: 'PROGRESS', current: 1, total: 3, status: 'Copying students' }, 10, true))
      .toEqual({ percent: 33, status: 'Copying students', done: false })
  })
  it('shows 15 % at first and 50 % later when the total is not known', () => {
    expect(progressOf({ state: 'PROGRESS', current: 0, total: 0, status: null }, 10, true).percent).toBe(15)
    expect(progressOf({ state: 'PROGRESS', current: 0, total: 0, status: null }, 15, false).percent).toBe(50)
  })
  it('ends at 100 % on SUCCESS and FAILURE and keeps the bar on UNKNOWN', () => {
    expect(progressOf({ state: 'FAILURE', error: 'x' }, 40, false)).toMatchObject({ percent: 100, done: true })
    expect(progressOf({ state: 'UNKNOWN' }, 40, false)).toMatchObject({ percent: 40, done: false })
  })
})
