import { describe, expect, it } from 'vitest'
import { productCookieDomain, subdomainOf } from './tenant-host'

describe('subdomainOf', () => {
  it('takes a three-label platform domain for the platform, and one more label for an institution', () => {
    expect(subdomainOf('miscue.example.org', 'miscue.example.org')).toBeNull()
    expect(subdomainOf('miscue.example.org:8443', 'miscue.example.org')).toBeNull()
    expect(subdomainOf('sample.miscue.example.org', 'miscue.example.org')).toBe('sample')
    expect(subdomainOf('Sample.Miscue.localhost:8773', 'miscue.localhost')).toBe('sample')
  })

  it('names no institution for a host outside the base domain or two labels deep', () => {
    expect(subdomainOf('miscue.example.org', 'example.org')).toBe('miscue')
    expect(subdomainOf('sample.other.org', 'miscue.example.org')).toBeNull()
    expect(subdomainOf('a.sample.miscue.example.org', 'miscue.example.org')).toBeNull()
    expect(subdomainOf('evilmiscue.example.org', 'miscue.example.org')).toBeNull()
  })
})

describe('productCookieDomain (the institution_url cookie)', () => {
  it('is the product\'s own domain on the platform and on an institution host, never the parent of the platform', () => {
    expect(productCookieDomain('miscue.example.org', 'miscue.example.org')).toBe('miscue.example.org')
    expect(productCookieDomain('sample.miscue.example.org', 'miscue.example.org')).toBe('miscue.example.org')
    expect(productCookieDomain('sample.miscue.localhost', 'miscue.localhost')).toBe('miscue.localhost')
  })

  it('is host-only where a Domain would be refused or would reach beyond the product', () => {
    expect(productCookieDomain('sample.localhost', 'localhost')).toBeNull()
    expect(productCookieDomain('localhost', 'localhost')).toBeNull()
    expect(productCookieDomain('127.0.0.1', '127.0.0.1')).toBeNull()
    expect(productCookieDomain('miscue-copy.example.org', 'miscue.example.org')).toBeNull()
  })
})
