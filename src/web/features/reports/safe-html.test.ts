import { describe, expect, it } from 'vitest'
import { safeSittingHtml } from './safe-html'

describe('safeSittingHtml', () => {
  it('keeps the miscue marks with their colours', () => {
    const html = '<p><span class="miscue" data-miscue="omission" style="background-color: #0072B2" title="Omission">hen</span> found</p>'
    expect(safeSittingHtml(html)).toBe(html)
  })

  it('drops scripts, handlers, links and style URLs, keeping only text', () => {
    const out = safeSittingHtml('<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:x">go</a><span onclick="x" style="background:url(x)">w</span>')
    expect(out).not.toMatch(/<img|<script|<a |onerror|onclick|url\(/)
    expect(out).toContain('go')
    expect(out).toContain('<span>w</span>')
  })
})
