import { useMediaQuery } from '@/lib/use-media-query'

/** From this width the ticker fits in the header's row; below it, it gets a line of its own. */
const INLINE_ANNOUNCEMENT_MEDIA_QUERY = '(min-width: 768px)'

/** Whether the announcement sits in the header's row (true) or on its own line under the header. */
export function useInlineAnnouncement(): boolean {
  return useMediaQuery(INLINE_ANNOUNCEMENT_MEDIA_QUERY)
}
