// The inline mark is the drawing of public/favicon.svg, the icon the browser shows for the app.
import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LogoMark } from './logo'

/** Each shape of an SVG document as its element name and attributes, attribute names in kebab case. */
function shapes(svg: string): string[] {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
  return [...doc.documentElement.children].map((el) => `${el.tagName} ${[...el.attributes].map((a) => `${a.name}=${a.value}`).sort().join(' ')}`)
}

describe('the logo mark', () => {
  it('draws what public/favicon.svg draws, hidden from screen readers', () => {
    const inline = renderToStaticMarkup(<LogoMark />).replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ')
    expect(shapes(inline)).toEqual(shapes(readFileSync('public/favicon.svg', 'utf8')))
    expect(inline).toContain('aria-hidden="true"')
  })
})
