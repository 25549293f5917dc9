// Whether the page holds input the user has not saved, so an update reload can wait for a safe moment.
// Any form that received input since it was last submitted or reset counts, whatever the form library.
const touched = new WeakSet<HTMLFormElement>()
const forms = new Set<WeakRef<HTMLFormElement>>()

function onInput(event: Event) {
  const form = (event.target as Partial<HTMLInputElement> | null)?.form
  if (!form || touched.has(form)) return
  touched.add(form)
  forms.add(new WeakRef(form))
}

function onDone(event: Event) {
  if (event.target instanceof HTMLFormElement) touched.delete(event.target)
}

/** Starts watching input, submit and reset events on the document; returns a stop function. */
export function watchUnsavedInput(): () => void {
  document.addEventListener('input', onInput, true)
  document.addEventListener('submit', onDone, true)
  document.addEventListener('reset', onDone, true)
  return () => {
    document.removeEventListener('input', onInput, true)
    document.removeEventListener('submit', onDone, true)
    document.removeEventListener('reset', onDone, true)
  }
}

/** True while a form still on screen has input that was not submitted. */
export function hasUnsavedInput(): boolean {
  for (const ref of forms) {
    const form = ref.deref()
    if (!form || !form.isConnected || !touched.has(form)) forms.delete(ref)
  }
  return forms.size > 0
}
