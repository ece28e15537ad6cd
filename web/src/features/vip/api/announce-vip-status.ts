// After the VIP payment dialog closes (spec 000 §4.7): fetch the account's VIP status afresh and
// announce it with the vipStatusChanged event, so the header badge shows what was just bought.
import { emitVipStatusChanged, NO_VIP_STATUS, type VipStatus } from '@/lib/vip-status'
import { fetchVipStatus } from './vip-api'

export async function announceVipStatus(steamId: string): Promise<VipStatus> {
  let status: VipStatus
  try {
    status = await fetchVipStatus(steamId)
  } catch (error) {
    // Spec 000 §8: a VIP status failure reads as 'none'.
    console.warn('Failed to fetch VIP status', error)
    status = NO_VIP_STATUS
  }
  const fresh = { ...status, steamId: status.steamId ?? steamId }
  emitVipStatusChanged(fresh)
  return fresh
}
