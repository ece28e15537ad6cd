// The account calls (spec 000 §7, with the payloads and answers agreed with the backend), all through
// the one API client.
import * as z from 'zod/mini'
import { apiClient } from '@/lib/api-client'
import type { Language } from '@/lib/constants'
import type { StoredUser } from '@/lib/storage'

const avatar = z.catch(z.optional(z.string()), undefined)

const playerSchema = z.object({ steamId: z.string(), username: z.string(), avatar })
export type Player = z.infer<typeof playerSchema>

const loginAnswerSchema = z.object({ token: z.string(), steamId: z.string(), username: z.string(), avatar })

const emailLoginSchema = z.union([
  z.object({ needsSteamBinding: z.literal(true), token: z.string(), email: z.string() }),
  z.object({
    needsSteamBinding: z.optional(z.literal(false)),
    token: z.string(),
    steamId: z.string(),
    username: z.string(),
    avatar,
  }),
])

const userInfoSchema = z.object({
  id: z.optional(z.union([z.string(), z.number()])),
  steamId: z.string(),
  username: z.string(),
  avatar,
})

export type EmailLoginResult =
  | { needsSteamBinding: true; bindToken: string; email: string }
  | { needsSteamBinding: false; token: string; user: StoredUser }

function toUser({ steamId, username, avatar: picture }: Player): StoredUser {
  return picture === undefined ? { steamId, username } : { steamId, username, avatar: picture }
}

export async function checkEmail(email: string): Promise<boolean> {
  const answer = await apiClient.post('/api/auth/email/check', { email }, {
    token: 'none',
    schema: z.object({ exists: z.boolean() }),
  })
  return answer.exists
}

export async function sendRegisterCode(email: string): Promise<void> {
  await apiClient.post('/api/auth/email/send-code', { email }, { token: 'none' })
}

/** Registers the account; its answer (a bind token) is not kept: the user logs in next. */
export async function register(input: { email: string; password: string; code: string }): Promise<void> {
  await apiClient.post('/api/auth/email/register', input, { token: 'none' })
}

export async function emailLogin(email: string, password: string): Promise<EmailLoginResult> {
  const answer = await apiClient.post('/api/auth/email/login', { email, password }, {
    token: 'none',
    schema: emailLoginSchema,
  })
  if (answer.needsSteamBinding === true) {
    return { needsSteamBinding: true, bindToken: answer.token, email: answer.email }
  }
  return { needsSteamBinding: false, token: answer.token, user: toUser(answer) }
}

export async function requestPasswordReset(email: string, language: Language): Promise<void> {
  await apiClient.post('/api/auth/email/reset-password', { email, language }, { token: 'none' })
}

export async function confirmPasswordReset(input: { email: string; token: string; newPassword: string }) {
  await apiClient.post('/api/auth/email/reset-password/confirm', input, { token: 'none' })
}

/** Proves an in-game token belongs to a platform account; answers that player. */
export function validateBindToken(email: string, token: string): Promise<Player> {
  return apiClient.post('/api/auth/email/bind-steam-token-validation', { email, token }, {
    token: 'bind',
    schema: playerSchema,
  })
}

/** Binds the proven platform account to the e-mail account; answers a login session. */
export async function bindSteam(email: string, steamId: string): Promise<{ token: string; user: StoredUser }> {
  const answer = await apiClient.post('/api/auth/email/bind-steam', { email, steamId }, {
    token: 'bind',
    schema: loginAnswerSchema,
  })
  return { token: answer.token, user: toUser(answer) }
}

/** The user behind the stored login token. */
export async function fetchUserInfo(signal?: AbortSignal): Promise<StoredUser> {
  const info = await apiClient.get('/api/auth/steam/user-info', { schema: userInfoSchema, signal })
  const user = toUser(info)
  return info.id === undefined ? user : { id: info.id, ...user }
}
