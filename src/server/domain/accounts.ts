// Accounts across areas: single-use password keys (reset and invitation), the invitation mail, and ending
// every session of a user. Used by sign-in, institutions (their first admin), users and imports.
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Deps } from '../context'
import { authTokens, passwordKeys } from '../db/schema/tables'
import { randomSecret, sha256 } from '../lib/crypto'
import type { Lang } from '../lib/messages'
import { invitationMail } from '../mail/templates'
import { publicOrigin } from './institution-hosts'

export const RESET_KEY_HOURS = 24
export const INVITE_KEY_HOURS = 24 * 7

/** Ends every session of a user (password change or reset, deactivation). */
export async function revokeAllTokens({ db, access }: Deps, userId: number, exceptTokenId?: number): Promise<void> {
  const keep = exceptTokenId === undefined ? undefined : sql`${authTokens.id} <> ${exceptTokenId}`
  await db.update(authTokens).set({ revoked_at: new Date() }).where(and(eq(authTokens.user_id, userId), isNull(authTokens.revoked_at), keep))
  // Every copy forgets the user's kept tokens when the trigger's notice arrives; this copy at once.
  access?.forgetUser(userId)
}

/**
 * Makes a single-use key and returns the link to the reset-password screen at the configured address of
 * the user's institution (its sub-domain), or of the platform for platform staff (null).
 */
export async function issuePasswordKey(
  { db, env }: Deps,
  userId: number,
  subdomain: string | null,
  purpose: 'reset' | 'invite',
): Promise<string> {
  const key = randomSecret()
  const hours = purpose === 'reset' ? RESET_KEY_HOURS : INVITE_KEY_HOURS
  await db.insert(passwordKeys).values({
    key_hash: sha256(key),
    user_id: userId,
    purpose,
    expires_at: new Date(Date.now() + hours * 3600 * 1000),
  })
  return `${publicOrigin(env, subdomain ?? undefined)}/reset-password/${key}`
}

/** Mails the set-password link; a mail failure is logged, not fatal (the user can use "Forgot password"). */
export async function sendInvitation(
  deps: Deps,
  user: { id: number; first_name: string; email: string },
  institution: { organization_name: string; subdomain_name: string },
  lang: Lang,
) {
  try {
    const link = await issuePasswordKey(deps, user.id, institution.subdomain_name, 'invite')
    const mail = invitationMail({ name: user.first_name, institution: institution.organization_name, link, days: INVITE_KEY_HOURS / 24, lang })
    await deps.mailer.send({ to: user.email, ...mail })
    return true
  } catch (err) {
    console.error(`[mail] invitation to user ${user.id} failed`, err)
    return false
  }
}
