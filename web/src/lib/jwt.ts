// Reads a JWT's expiry without verifying it: the client only needs to know when to stop using
// a token; the backend checks signatures on every call.

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/')
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0))
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
}

/** The `exp` claim in epoch milliseconds, or null when the token is not a readable JWT with one. */
export function jwtExpiry(token: string): number | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return null
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]))
    if (typeof payload !== 'object' || payload === null) return null
    const exp = (payload as { exp?: unknown }).exp
    return typeof exp === 'number' && Number.isFinite(exp) && exp > 0 ? exp * 1000 : null
  } catch {
    return null
  }
}

/** True when the token carries an `exp` that is still in the future. */
export function isJwtUsable(token: string | null, now: number = Date.now()): boolean {
  if (!token) return false
  const expiry = jwtExpiry(token)
  return expiry !== null && expiry > now
}
