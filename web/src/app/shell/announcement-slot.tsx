import { ANNOUNCEMENT_MAX_WIDTH_PX } from '@/lib/constants'

/** Reserved place of the announcement ticker (max 400 px); filled by the announcement issue. */
export function AnnouncementSlot() {
  return (
    <div
      data-slot="announcement"
      className="hidden min-w-0 flex-1 md:block"
      style={{ maxWidth: ANNOUNCEMENT_MAX_WIDTH_PX }}
    />
  )
}
