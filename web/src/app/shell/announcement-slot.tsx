import { AnnouncementTicker } from '@/features/announcement/components/announcement-ticker'
import { ANNOUNCEMENT_MAX_WIDTH_PX } from '@/lib/constants'

/** Place of the announcement ticker in the header's row (max 400 px wide). */
export function AnnouncementSlot() {
  return (
    <div data-slot="announcement" className="min-w-0 flex-1" style={{ maxWidth: ANNOUNCEMENT_MAX_WIDTH_PX }}>
      <AnnouncementTicker />
    </div>
  )
}

/**
 * The announcement on narrow screens, where the header's row has no room for it: a line of its own
 * right under the header, scrolling away with the page so the sticky header stays one row tall.
 */
export function AnnouncementLine() {
  return (
    <div data-slot="announcement" className="px-4 pt-3 sm:px-6">
      <AnnouncementTicker />
    </div>
  )
}
