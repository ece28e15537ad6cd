// The new-server and change-password field rules (spec 001 §5, §9). Each check returns the key of
// its message in pracc-servers:validation, or null when the value is fine.

export const SERVER_NAME_MAX = 16
export const SERVER_PASSWORD_MAX = 16

/**
 * Chinese characters (CJK Unified Ideographs, Extension A, compatibility ideographs), letters, digits
 * and spaces (also the ideographic space): the same set the backend accepts.
 */
const NAME_CHARS = /^[\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFFA-Za-z0-9 \u3000]+$/u
const PASSWORD_CHARS = /^[A-Za-z0-9]+$/

export type NameError = 'nameRequired' | 'nameLengthError' | 'nameInvalid'
export type PasswordError = 'passwordRequired' | 'passwordLengthError' | 'passwordInvalid'

export function validateServerName(raw: string): NameError | null {
  const name = raw.trim()
  if (name === '') return 'nameRequired'
  // Characters first, then length: the order the backend checks in, so both say the same.
  if (!NAME_CHARS.test(name)) return 'nameInvalid'
  if ([...name].length > SERVER_NAME_MAX) return 'nameLengthError'
  return null
}

export function validateServerPassword(raw: string): PasswordError | null {
  const password = raw.trim()
  if (password === '') return 'passwordRequired'
  if (!PASSWORD_CHARS.test(password)) return 'passwordInvalid'
  if (password.length > SERVER_PASSWORD_MAX) return 'passwordLengthError'
  return null
}

export type NewPasswordError = PasswordError | 'passwordMismatch'

/** The change-password form: the password's own rules first, then the confirmation must match. */
export function validatePasswordChange(password: string, confirm: string): NewPasswordError | null {
  return validateServerPassword(password) ?? (password.trim() === confirm.trim() ? null : 'passwordMismatch')
}
