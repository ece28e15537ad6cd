// Input rules of spec 000 §5 (registration) and spec 001 §5 (reset page).
import { PASSWORD_MIN_LENGTH } from '@/lib/constants'

/** x@y.z: one @, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** Letters, digits and the common (printable ASCII) symbols; no spaces. */
const REGISTER_PASSWORD_PATTERN = /^[\x21-\x7e]+$/
/** The reset page is stricter: letters and digits only. */
const RESET_PASSWORD_PATTERN = /^[A-Za-z0-9]+$/

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email)
}

export type PasswordProblem = 'passwordTooShort' | 'passwordInvalidChars' | 'passwordInvalidSymbols'

export function registerPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort'
  if (!REGISTER_PASSWORD_PATTERN.test(password)) return 'passwordInvalidSymbols'
  return null
}

export function resetPasswordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'passwordTooShort'
  if (!RESET_PASSWORD_PATTERN.test(password)) return 'passwordInvalidChars'
  return null
}
