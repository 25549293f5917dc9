// The sign-in page's catalog is cut from the full one by the message ids its code uses (ADR 0105).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { messageIdsIn, readCompiledCatalog, subsetCatalogModule } from './first-paint'

describe('the sign-in catalog', () => {
  it('finds the ids of compiled messages in built code, and nothing else', () => {
    const code = 'label:t({id:`5E4MzW`}),children:(0,_.jsx)(r,{id:`UNMVei`}),x:{id:"plain"},y:e({id:`5E4MzW`})'
    expect([...messageIdsIn(code)].sort()).toEqual(['5E4MzW', 'UNMVei'])
  })

  it('reads the compiled catalog lingui writes, and writes a module of the chosen messages only', async () => {
    const catalog = readCompiledCatalog(readFileSync('src/web/locales/ar/messages.ts', 'utf8'))
    const [first, second] = Object.keys(catalog)
    expect(Object.keys(catalog).length).toBeGreaterThan(500)
    const source = subsetCatalogModule(catalog, new Set([first!, 'not-a-message']))
    const module = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { messages: Record<string, unknown> }
    expect(module.messages).toEqual({ [first!]: catalog[first!] })
    expect(module.messages).not.toHaveProperty(second!)
  })

  it('refuses a catalog that is not in the compiled form', () => {
    expect(() => readCompiledCatalog('export const messages = {}')).toThrow(/not JSON.parse/)
  })
})
