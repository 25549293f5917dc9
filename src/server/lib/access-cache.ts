// What every authenticated call must know before anything else (which institution this host is, whose
// token this is, whether the school is this institution's and the user's), kept in memory so a call does
// not ask the database each time (ADR 0101).
// A kept answer is used for at most `ttlMs`, and is forgotten at once when access changes:
//  - by this process: the services that revoke tokens or edit users call forgetUser() before answering;
//  - by anything else (another copy of the server, an operator in SQL): a trigger on auth_tokens, users,
//    user_schools, schools and institutions sends NOTIFY miscue_access at commit (migration 0007) and
//    every process listening forgets the user, school or institution named.
// While a process is not listening (its listener connection dropped), it keeps nothing.
import type { Institution } from '../context'

/** The token's owner as tokenOwner() reads it from auth_tokens ⋈ users. */
export type TokenOwner = {
  tokenId: number
  lastUsed: Date
  expiresAt: Date
  tokenInstitution: number | null
  id: number
  institution_id: number | null
  email: string
  first_name: string
  last_name: string
  role: string
}

type Kept<T> = { value: T; at: number }
const MAX_ENTRIES = 10_000

export class AccessCache {
  private readonly tokens = new Map<string, Kept<TokenOwner>>()
  private readonly institutions = new Map<string, Kept<Institution | null>>()
  private readonly schools = new Map<number, Kept<number>>()
  private readonly userSchools = new Map<number, Kept<number[]>>()
  private listening: boolean

  constructor(readonly ttlMs: number, opts: { listening?: boolean; now?: () => number } = {}) {
    this.listening = opts.listening ?? true
    this.now = opts.now ?? Date.now
  }

  private readonly now: () => number

  /** False while invalidations cannot reach this process: nothing is kept then. */
  setListening(listening: boolean): void {
    this.listening = listening
    this.clear()
  }

  private get on(): boolean {
    return this.listening && this.ttlMs > 0
  }

  private read<K, T>(map: Map<K, Kept<T>>, key: K): T | undefined {
    if (!this.on) return undefined
    const kept = map.get(key)
    if (!kept) return undefined
    if (this.now() - kept.at > this.ttlMs) {
      map.delete(key)
      return undefined
    }
    return kept.value
  }

  private write<K, T>(map: Map<K, Kept<T>>, key: K, value: T): void {
    if (!this.on) return
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as K)
    map.set(key, { value, at: this.now() })
  }

  token(hash: string): TokenOwner | undefined {
    return this.read(this.tokens, hash)
  }
  keepToken(hash: string, owner: TokenOwner): void {
    this.write(this.tokens, hash, owner)
  }
  /** The institution of a sub-domain (null: none is active there). */
  institution(subdomain: string): Institution | null | undefined {
    return this.read(this.institutions, subdomain)
  }
  keepInstitution(subdomain: string, institution: Institution | null): void {
    this.write(this.institutions, subdomain, institution)
  }
  /** The institution a school belongs to. */
  schoolInstitution(schoolId: number): number | undefined {
    return this.read(this.schools, schoolId)
  }
  keepSchoolInstitution(schoolId: number, institutionId: number): void {
    this.write(this.schools, schoolId, institutionId)
  }
  /** The schools mapped to a user who does not see every school. */
  schoolsOf(userId: number): number[] | undefined {
    return this.read(this.userSchools, userId)
  }
  keepSchoolsOf(userId: number, ids: number[]): void {
    this.write(this.userSchools, userId, ids)
  }

  forgetUser(userId: number): void {
    for (const [hash, kept] of this.tokens) if (kept.value.id === userId) this.tokens.delete(hash)
    this.userSchools.delete(userId)
  }

  /** A NOTIFY miscue_access payload: `user:<id>`, `school:<id>` or `institution:<id>`. */
  changed(payload: string): void {
    const [kind, raw] = payload.split(':')
    const id = Number(raw)
    if (kind === 'user') this.forgetUser(id)
    else if (kind === 'school') this.schools.delete(id)
    else if (kind === 'institution') {
      this.institutions.clear()
      for (const [hash, kept] of this.tokens) if (kept.value.tokenInstitution === id) this.tokens.delete(hash)
    } else this.clear()
  }

  clear(): void {
    this.tokens.clear()
    this.institutions.clear()
    this.schools.clear()
    this.userSchools.clear()
  }
}

/** The channel the migration's trigger notifies. */
export const ACCESS_CHANNEL = 'miscue_access'
