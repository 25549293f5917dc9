// The sitting content arrives as HTML the server built with every piece of user text escaped. As a second
// guard the page keeps only inline text markup (no scripts, links, handlers or URLs) before showing it.
const ALLOWED_TAGS = new Set(['P', 'BR', 'SPAN', 'MARK', 'S', 'DEL', 'INS', 'SUP', 'SUB', 'STRONG', 'EM', 'B', 'I', 'U', 'DIV', 'ABBR'])
const ALLOWED_ATTRIBUTES = new Set(['class', 'title', 'dir', 'lang', 'aria-label', 'data-miscue', 'style'])
const SAFE_STYLE = /^\s*((background-color|color|text-decoration|border-bottom)\s*:\s*[#a-z0-9(),.%\s-]+;?\s*)*$/i

export function safeSittingHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html')
  const root = doc.body.firstElementChild
  if (!root) return ''
  clean(root)
  return root.innerHTML
}

function clean(element: Element): void {
  for (const child of [...element.children]) {
    if (!ALLOWED_TAGS.has(child.tagName)) {
      // Unknown markup keeps its text, never its behaviour.
      child.replaceWith(child.ownerDocument.createTextNode(child.textContent ?? ''))
      continue
    }
    for (const attribute of [...child.attributes]) {
      const name = attribute.name.toLowerCase()
      if (!ALLOWED_ATTRIBUTES.has(name) || (name === 'style' && (!SAFE_STYLE.test(attribute.value) || /url\(/i.test(attribute.value)))) {
        child.removeAttribute(attribute.name)
      }
    }
    clean(child)
  }
}
