import { describe, expect, it } from 'vitest'
import { landingFor, landingHref } from './landing'

const menu = ['dashboard', 'report', 'student']

describe('landing redirect (spec §2)', () => {
  it('goes to the landing URL when the user may open it', () => {
    expect(landingFor('/report', menu)).toEqual({ kind: 'redirect', href: '/report' })
    expect(landingFor('/student?page=2', menu)).toEqual({ kind: 'redirect', href: '/student?page=2' })
    expect(landingFor('/change-password', [])).toEqual({ kind: 'redirect', href: '/change-password' })
  })

  it('stays on the root (home) when the landing URL is empty', () => {
    expect(landingFor('', menu)).toEqual({ kind: 'home' })
    expect(landingFor(undefined, menu)).toEqual({ kind: 'home' })
    expect(landingFor('/', menu)).toEqual({ kind: 'home' })
  })

  it('goes to access-denied otherwise, never to /dashboard as a fallback and never off the site', () => {
    expect(landingFor('/institution', menu)).toEqual({ kind: 'denied' })
    expect(landingFor('https://evil.example/', menu)).toEqual({ kind: 'denied' })
    expect(landingFor('//evil.example/', menu)).toEqual({ kind: 'denied' })
    expect(landingFor('report', menu)).toEqual({ kind: 'denied' })
  })

  it('sends the access-denied button to the landing URL, or the root when none', () => {
    expect(landingHref('/report')).toBe('/report')
    expect(landingHref('')).toBe('/')
    expect(landingHref('//evil.example')).toBe('/')
  })
})
