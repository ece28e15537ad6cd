// The new-server and change-password field rules (spec 001 §5, §9). Each check returns the key of
// its message in pracc:validation, or null when the value is fine.

export const SERVER_NAME_MAX = 16
export const SERVER_PASSWORD_MAX = 16

/** Chinese characters, letters, digits and whitespace. */
const NAME_CHARS = /^[\p{Script=Han}A-Za-z0-9\s]+$/u
const PASSWORD_CHARS = /^[A-Za-z0-9]+$/

export type NameError = 'nameRequired' | 'nameLengthError' | 'nameInvalid'
export type PasswordError = 'passwordRequired' | 'passwordLengthError' | 'passwordInvalid'

export function validateServerName(raw: string): NameError | null {
  const name = raw.trim()
  if (name === '') return 'nameRequired'
  if ([...name].length > SERVER_NAME_MAX) return 'nameLengthError'
  if (!NAME_CHARS.test(name)) return 'nameInvalid'
  return null
}

export function validateServerPassword(raw: string): PasswordError | null {
  const password = raw.trim()
  if (password === '') return 'passwordRequired'
  if (password.length > SERVER_PASSWORD_MAX) return 'passwordLengthError'
  if (!PASSWORD_CHARS.test(password)) return 'passwordInvalid'
  return null
}

export type NewPasswordError = PasswordError | 'passwordMismatch'

/** The change-password form: the password's own rules first, then the confirmation must match. */
export function validatePasswordChange(password: string, confirm: string): NewPasswordError | null {
  return validateServerPassword(password) ?? (password.trim() === confirm.trim() ? null : 'passwordMismatch')
}
