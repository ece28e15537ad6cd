// A fake inventory sign-in backend for the page tests: every call recorded with its body and
// bearer token, answers chosen per test.
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'

export interface RecordedCall {
  path: string
  body: unknown
  authorization: string | null
}

type Answer = Response | { token: string } | { delay: Promise<void>; token: string }

interface InventoryOptions {
  /** The profile sync's answer: ok unless told. */
  sync?: () => Response | undefined
  /** The sign-in's answer, per call (1-based): a token, an error response, or a held token. */
  signIn?: (call: number) => Answer
}

export const SIGN_IN_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJpbnZlbnRvcnkifQ.c2ln'

export function serveInventory({ sync, signIn = () => ({ token: SIGN_IN_TOKEN }) }: InventoryOptions = {}) {
  const calls: RecordedCall[] = []
  let signIns = 0
  const record = async (request: Request) => {
    const body = (await request.json()) as Record<string, string>
    calls.push({ path: new URL(request.url).pathname, body, authorization: request.headers.get('Authorization') })
    return body
  }
  server.use(
    http.post('/api/database/im-update-user', async ({ request }) => {
      const body = await record(request)
      return (
        sync?.() ??
        HttpResponse.json({
          steamId: body.steamid,
          username: 'alice',
          avatar: 'https://avatars.example.com/alice.jpg',
          syncedAt: '2026-11-21T08:00:00Z',
        })
      )
    }),
    http.post('/api/auth/inventory/sign-in', async ({ request }) => {
      await record(request)
      signIns += 1
      const answer = signIn(signIns)
      if (answer instanceof Response) return answer
      if ('delay' in answer) await answer.delay
      return HttpResponse.json({ token: answer.token, expiresIn: 60 })
    }),
  )
  return calls
}

/** A promise the test settles by hand. */
export function deferred() {
  let release: () => void = () => {}
  const promise = new Promise<void>((resolve) => {
    release = resolve
  })
  return { promise, release }
}
