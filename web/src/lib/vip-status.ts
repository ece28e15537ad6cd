// The VIP status of a platform account (GET /api/auth/vip-status/{steamId}) and the window event
// that announces a change of it (emitted after the VIP payment dialog closes, spec 000 §4.7).
import * as z from 'zod/mini'

export const VIP_STATUS_CHANGED_EVENT = 'vipStatusChanged'

const dateOrNull = z.catch(z.nullish(z.string()), null)

export const vipStatusSchema = z.object({
  steamId: z.catch(z.optional(z.string()), undefined),
  type: z.catch(z.string(), 'none'),
  expireDate: dateOrNull,
})
export type VipStatus = z.infer<typeof vipStatusSchema>

export const NO_VIP_STATUS: VipStatus = { type: 'none', expireDate: null }

/** Announces a new VIP status to whoever shows it (the header badge). */
export function emitVipStatusChanged(status: VipStatus): void {
  window.dispatchEvent(new CustomEvent(VIP_STATUS_CHANGED_EVENT, { detail: status }))
}
