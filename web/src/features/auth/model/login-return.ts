// Where a completed login lands. The e-mail login reloads the page it was started on; a Steam login
// leaves the site and comes back through /auth/steam/(bind/)callback, which goes to / unless the page
// that opened the login asked to come back (the console: a visitor opens a deep link, logs in, and
// expects that page). The page is kept in this tab's sessionStorage for the round trip and read once.
import { sessionStore } from '@/lib/storage'
import { SHOW_EMAIL_LOGIN_PARAM } from './login-views'

interface PageLocation {
  pathname: string
  search: string
  hash: string
}

/** The page a login started on, as the login lands on it: without showEmailLogin, and / instead of /login (its `from` kept). */
export function afterLoginPath({ pathname, search, hash }: PageLocation): string {
  const params = new URLSearchParams(search)
  params.delete(SHOW_EMAIL_LOGIN_PARAM)
  const path = pathname === '/login' ? '/' : pathname
  const query = params.toString()
  return `${path}${query ? `?${query}` : ''}${hash}`
}

const hasControl = (text: string) => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)

/** Pages a login never comes back to: the Steam return pages themselves. */
const NO_RETURN = /^\/auth\//

/**
 * `raw` as a path on this site (path, query and hash), or null: anything that is not a plain
 * absolute path (another origin, `//host`, a backslash, a scheme, control characters) or a Steam
 * return page.
 */
export function safeReturnPath(raw: string | null, origin: string = window.location.origin): string | null {
  if (raw === null || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControl(raw)) return null
  let url: URL
  try {
    url = new URL(raw, origin)
  } catch {
    return null
  }
  if (url.origin !== origin || NO_RETURN.test(url.pathname)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** Before the redirect to Steam: remembers `path` (a page that asked to come back), or forgets an older one. */
export function rememberLoginReturn(path: string | null): void {
  const safe = safeReturnPath(path)
  if (safe === null) sessionStore.loginReturn.remove()
  else sessionStore.loginReturn.set(safe)
}

/** On a Steam return page: the remembered page, or / (forgotten either way). */
export function takeLoginReturn(): string {
  const path = safeReturnPath(sessionStore.loginReturn.get())
  sessionStore.loginReturn.remove()
  return path ?? '/'
}
