// The server's copy of the common-password list (ADR 0127): read once, when the API is built, so every
// password the API is sent is checked against it, never against a list still loading.
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { hasCommonPasswords, setCommonPasswords } from '../../shared/rules/password'

const LIST = new URL('../../shared/rules/common-passwords.txt.gz', import.meta.url)

export function loadCommonPasswords(): void {
  if (!hasCommonPasswords()) setCommonPasswords(gunzipSync(readFileSync(LIST)).toString('utf8'))
}
