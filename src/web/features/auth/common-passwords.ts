// The common-password list for the password forms (ADR 0127): a gzipped asset fetched when a form that sets a
// new password opens, so no page carries 75 KiB of data in its JavaScript. Until it has come (or when it cannot
// be fetched) the form checks everything else and the server, which always holds the list, refuses a common one.
import { useEffect, useEffectEvent } from 'react'
import listUrl from '../../../shared/rules/common-passwords.txt.gz?url'
import { hasCommonPasswords, setCommonPasswords } from '../../../shared/rules/password'

let loading: Promise<void> | null = null

/** Fetches the list once per page; a failed fetch is tried again by the next form that opens. */
export function loadCommonPasswords(fetchList: () => Promise<Response> = () => fetch(listUrl)): Promise<void> {
  if (hasCommonPasswords()) return Promise.resolve()
  loading ??= (async () => {
    const response = await fetchList()
    if (!response.ok) throw new Error(`common passwords: ${response.status}`)
    setCommonPasswords(await gunzippedText(new Uint8Array(await response.arrayBuffer())))
  })().catch(() => {
    loading = null
  })
  return loading
}

/** Loads the list when the form opens; `onLoaded` re-checks what was typed meanwhile. */
export function useCommonPasswords(onLoaded: () => void): void {
  const loaded = useEffectEvent(onLoaded)
  useEffect(() => {
    let open = true
    void loadCommonPasswords().then(() => {
      if (open && hasCommonPasswords()) loaded()
    })
    return () => {
      open = false
    }
  }, [])
}

/** The file's text; a server or proxy may already have undone the gzip (Content-Encoding), so look first. */
async function gunzippedText(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b
  if (!gzipped) return new TextDecoder().decode(bytes)
  return new Response(new Response(bytes).body!.pipeThrough(new DecompressionStream('gzip'))).text()
}
