// The admin list editor's rules (spec 001 §5, §9): Steam IDs of 17 digits starting with 7656119,
// notes of at most 20 characters, no duplicates, between 1 and 7 admins.

export const MAX_ADMINS = 7
export const MIN_ADMINS = 1
export const ADMIN_NOTE_MAX = 20
const STEAM_ID_PREFIX = '7656119'

/** A row of the editor; tempId tells unsaved rows apart (React keys, focus). */
export interface AdminRow {
  tempId: string
  steamid: string
  name: string
}

export type AdminRowError = 'steamIdRequired' | 'steamIdInvalid' | 'steamIdPrefix' | 'noteTooLong' | 'duplicate'
export type AdminListError = 'minAdmins' | 'maxAdmins'

export function validateSteamId(raw: string): Extract<AdminRowError, `steamId${string}`> | null {
  const id = raw.trim()
  if (id === '') return 'steamIdRequired'
  if (!/^\d{17}$/.test(id)) return 'steamIdInvalid'
  if (!id.startsWith(STEAM_ID_PREFIX)) return 'steamIdPrefix'
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
