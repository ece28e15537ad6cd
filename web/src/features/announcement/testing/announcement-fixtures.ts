// GET /api/server/announcement answered with `items`; returns the `lang` of every request, in order.
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'

export interface AnnouncementItem {
  text: string
  lang?: string
  updatedAt?: string
}

export function serveAnnouncement(items: AnnouncementItem[]): (string | null)[] {
  const languages: (string | null)[] = []
  server.use(
    http.get('/api/server/announcement', ({ request }) => {
      languages.push(new URL(request.url).searchParams.get('lang'))
      return HttpResponse.json(items)
    }),
  )
  return languages
}
