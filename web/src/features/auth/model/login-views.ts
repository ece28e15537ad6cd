/** The login dialog's sub-views (spec 000 §2.4). */
export type LoginView = 'main' | 'emailLogin' | 'emailRegister' | 'resetPassword' | 'steamBinding'

/** Where Back leads: the sub-views return to e-mail login, e-mail login returns to the start. */
export function previousView(view: LoginView): LoginView | null {
  if (view === 'main') return null
  if (view === 'emailLogin') return 'main'
  return 'emailLogin'
}

/** The query parameter that opens the dialog on e-mail login (set after a password reset). */
export const SHOW_EMAIL_LOGIN_PARAM = 'showEmailLogin'
