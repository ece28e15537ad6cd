// The admin list editor's rules (spec 001 §5, §9): Steam IDs of 17 digits starting with 7656119,
// notes of at most 20 characters, no duplicates, between 1 and 7 admins.

export const MAX_ADMINS = 7
export const MIN_ADMINS = 1
export const ADMIN_NOTE_MAX = 20
const STEAM_ID_PREFIX = '7656119'
/**
 * The SteamID64 of account 0 of the public universe's individual accounts: every person's id is
 * above it (the backend refuses the rest of the 7656119 prefix as "not an individual account").
 */
const LAST_NON_INDIVIDUAL = '76561197960265728'

/** A row of the editor; tempId tells unsaved rows apart (React keys, focus). */
export interface AdminRow {
  tempId: string
  steamid: string
  name: string
}

export type AdminRowError =
  | 'steamIdRequired'
  | 'steamIdInvalid'
  | 'steamIdPrefix'
  | 'steamIdNotIndividual'
  | 'noteTooLong'
  | 'duplicate'
export type AdminListError = 'minAdmins' | 'maxAdmins'

export function validateSteamId(raw: string): Extract<AdminRowError, `steamId${string}`> | null {
  const id = raw.trim()
  if (id === '') return 'steamIdRequired'
  if (!/^\d{17}$/.test(id)) return 'steamIdInvalid'
  if (!id.startsWith(STEAM_ID_PREFIX)) return 'steamIdPrefix'
  // Equal-length digit strings compare like their numbers.
  if (id <= LAST_NON_INDIVIDUAL) return 'steamIdNotIndividual'
  return null
}

/** Each row's first problem; a row repeating an earlier row's id is the duplicate. */
export function rowErrors(rows: readonly AdminRow[]): Map<string, AdminRowError> {
  const errors = new Map<string, AdminRowError>()
  const seen = new Set<string>()
  for (const row of rows) {
    const id = row.steamid.trim()
    const error =
      validateSteamId(id) ?? ([...row.name.trim()].length > ADMIN_NOTE_MAX ? 'noteTooLong' : seen.has(id) ? 'duplicate' : null)
    if (error) errors.set(row.tempId, error)
    seen.add(id)
  }
  return errors
}

export function listError(rows: readonly AdminRow[]): AdminListError | null {
  if (rows.length < MIN_ADMINS) return 'minAdmins'
  if (rows.length > MAX_ADMINS) return 'maxAdmins'
  return null
}

export function canAddAdmin(rows: readonly AdminRow[]): boolean {
  return rows.length < MAX_ADMINS
}

export interface AdminDto {
  steamid: string
  name: string
  servername: string
}

/** What PUT …/admins receives: trimmed rows with the server's name. */
export function toAdminPayload(rows: readonly AdminRow[], servername: string): AdminDto[] {
  return rows.map((row) => ({ steamid: row.steamid.trim(), name: row.name.trim(), servername }))
}

let counter = 0
/** A fresh client-only id for a new row. */
export function newTempId(): string {
  counter += 1
  return `row-${counter}`
}

/** details.key of the backend's refusal of PUT …/admins, as the editor's own error keys. */
const SERVER_KEYS: Record<string, AdminRowError | AdminListError> = {
  steamIdRequired: 'steamIdRequired',
  invalidId: 'steamIdInvalid',
  invalidPrefix: 'steamIdPrefix',
  noteTooLong: 'noteTooLong',
  duplicateId: 'duplicate',
  minAdmin: 'minAdmins',
  maxAdmins: 'maxAdmins',
}

export interface ServerAdminError {
  /** The row the backend named, when it named one. */
  steamid: string | null
  error: AdminRowError | AdminListError
}

/** The backend's VALIDATION_FAILED details ({key, steamid}) as an editor error; null for other refusals. */
export function serverAdminError(details: Record<string, unknown>): ServerAdminError | null {
  const error = typeof details.key === 'string' ? SERVER_KEYS[details.key] : undefined
  if (!error) return null
  return { steamid: typeof details.steamid === 'string' ? details.steamid : null, error }
}
