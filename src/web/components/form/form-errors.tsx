import { AlertIcon } from '../ui/icons'

/** Messages from the server that belong to no single field. */
export function FormErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null
  return (
    <div role="alert" className="flex gap-3 rounded-lg bg-rose-50 p-3 text-sm text-rose-800 ring-1 ring-rose-200">
      <AlertIcon className="size-5 shrink-0" />
      <ul className="space-y-1">{messages.map((m) => <li key={m}>{m}</li>)}</ul>
    </div>
  )
}
