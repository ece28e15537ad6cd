import { AnnouncementTicker } from '@/features/announcement/components/announcement-ticker'
import { ANNOUNCEMENT_MAX_WIDTH_PX } from '@/lib/constants'

/** Place of the announcement ticker in the header (max 400 px wide). */
export function AnnouncementSlot() {
  return (
    <div data-slot="announcement" className="hidden min-w-0 flex-1 md:block" style={{ maxWidth: ANNOUNCEMENT_MAX_WIDTH_PX }}>
      <AnnouncementTicker />
    </div>
  )
}
