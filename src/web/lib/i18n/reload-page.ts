/** Its own module so tests can observe the reload that follows a language switch. */
export function reloadPage(): void {
  window.location.reload()
}
