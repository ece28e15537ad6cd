// What a rental order carries (spec 001 §3, §7): the durations on offer, the default month, and the
// options of a new server or a renewal, sent as JSON text through lib/payments.
import type { NewOrder } from '@/lib/payments/payment-api'
import type { PaymentMethod } from '@/lib/payments/payment-methods'
import { currencyFor } from '@/lib/payments/pricing'

/** Duration options in hours: 4h, 8h, 3d, 7d, 1m, 3m, 1y. */
export const RENTAL_DURATIONS = [4, 8, 72, 168, 720, 2160, 8760] as const
export const DEFAULT_RENTAL_HOURS = 720

/** Fixed (basic, one region) or flexible (premium, may switch regions). */
export type RegionMode = 'fixed' | 'flexible'

export const isRelocatableMode = (mode: RegionMode) => mode === 'flexible'

export interface NewServerChoice {
  serverName: string
  password: string
  region: string
  hours: number
  method: PaymentMethod
  mode: RegionMode
  /** The buyer's name, for the server's records. */
  nickname: string
}

export function newServerOrder(choice: NewServerChoice): NewOrder {
  return {
    productType: 'server_rental',
    productId: 'new_server',
    currency: currencyFor(choice.method),
    options: {
      serverName: choice.serverName.trim(),
      password: choice.password.trim(),
      region: choice.region,
      duration: choice.hours,
      paymentMethod: choice.method,
      isRelocatable: isRelocatableMode(choice.mode),
      nickname: choice.nickname,
    },
  }
}

export interface RenewChoice {
  instanceId: string
  hours: number
  method: PaymentMethod
  relocatable: boolean
}

export function renewOrder(choice: RenewChoice): NewOrder {
  return {
    productType: 'server_rental',
    productId: 'renew_server',
    currency: currencyFor(choice.method),
    options: {
      instance_id: choice.instanceId,
      duration: choice.hours,
      isRelocatable: choice.relocatable,
      paymentMethod: choice.method,
    },
  }
}
