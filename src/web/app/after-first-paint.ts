/** Resolves once the page has loaded and the browser is idle: for work that must not compete with the first paint. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3_000 })
      else setTimeout(resolve, 500)
    }
    if (document.readyState === 'complete') idle()
    else window.addEventListener('load', idle, { once: true })
  })
}
