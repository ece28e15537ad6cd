// Typed access to the few values the client keeps in localStorage (spec 000 §3).
// Every read is defensive: a missing, corrupt or inaccessible value reads as null.
import * as z from 'zod/mini'
import { LANGUAGES, type Language } from './constants'

export const STORAGE_KEYS = {
  user: 'portal.user',
  loginTime: 'portal.loginTime',
  loginToken: 'portal.loginToken',
  emailBindToken: 'portal.emailBindToken',
  bindingEmail: 'portal.bindingEmail',
  language: 'portal.language',
  /** When a password-reset link was last requested (the client's 5-minute throttle). */
  resetPasswordRequestedAt: 'portal.resetPasswordRequestedAt',
} as const

/** Keys kept in sessionStorage: they belong to one tab's round trip through Steam. */
export const SESSION_STORAGE_KEYS = {
  openidState: 'portal.openidState',
  /** The in-app page a Steam login comes back to (only when the page that started it asked). */
  loginReturn: 'portal.loginReturn',
} as const

export const storedUserSchema = z.object({
  id: z.optional(z.union([z.string(), z.number()])),
  steamId: z.string(),
  username: z.string(),
  avatar: z.optional(z.string()),
  type: z.optional(z.string()),
  expireDate: z.optional(z.string()),
})
export type StoredUser = z.infer<typeof storedUserSchema>

export interface StorageItem<T> {
  get(): T | null
  set(value: T): void
  remove(): void
}

interface Codec<T> {
  encode(value: T): string
  decode(raw: string): T | null
}

type Area = 'localStorage' | 'sessionStorage'

function backend(area: Area): Storage | null {
  try {
    return globalThis[area] ?? null
  } catch {
    return null // e.g. storage disabled by the browser
  }
}

function item<T>(key: string, codec: Codec<T>, area: Area = 'localStorage'): StorageItem<T> {
  return {
    get() {
      const raw = backend(area)?.getItem(key)
      return raw == null ? null : codec.decode(raw)
    },
    set(value) {
      try {
        backend(area)?.setItem(key, codec.encode(value))
      } catch {
        // quota exceeded or storage disabled: the value simply is not remembered
      }
    },
    remove() {
      backend(area)?.removeItem(key)
    },
  }
}

const text: Codec<string> = {
  encode: (value) => value,
  decode: (raw) => (raw === '' ? null : raw),
}

const epochMs: Codec<number> = {
  encode: (value) => String(value),
  decode: (raw) => {
    const value = Number(raw)
    return Number.isFinite(value) && value > 0 ? value : null
  },
}

function json<T>(schema: z.ZodMiniType<T>): Codec<T> {
  return {
    encode: (value) => JSON.stringify(value),
    decode: (raw) => {
      try {
        const parsed = schema.safeParse(JSON.parse(raw))
        return parsed.success ? parsed.data : null
      } catch {
        return null
      }
    },
  }
}

const language: Codec<Language> = {
  encode: (value) => value,
  decode: (raw) => ((LANGUAGES as readonly string[]).includes(raw) ? (raw as Language) : null),
}

export const storage = {
  user: item(STORAGE_KEYS.user, json(storedUserSchema)),
  /** When the user logged in, in epoch milliseconds. */
  loginTime: item(STORAGE_KEYS.loginTime, epochMs),
  loginToken: item(STORAGE_KEYS.loginToken, text),
  emailBindToken: item(STORAGE_KEYS.emailBindToken, text),
  bindingEmail: item(STORAGE_KEYS.bindingEmail, text),
  language: item(STORAGE_KEYS.language, language),
  resetPasswordRequestedAt: item(STORAGE_KEYS.resetPasswordRequestedAt, epochMs),
} as const

export const sessionStore = {
  /** The OpenID round trip's anti-forgery value, checked by the callback pages. */
  openidState: item(SESSION_STORAGE_KEYS.openidState, text, 'sessionStorage'),
  /** Where the Steam callback pages go after a login; read once, checked to be this site's path. */
  loginReturn: item(SESSION_STORAGE_KEYS.loginReturn, text, 'sessionStorage'),
} as const
