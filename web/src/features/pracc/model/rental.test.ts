import { describe, expect, it } from 'vitest'
import { totalLabel, totalPrice } from '@/lib/payments/pricing'
import { newServerOrder, renewOrder } from './rental'

const PRICES = {
  CNY: [
    { duration: 720, relocatable: false, amount: 528 },
    { duration: 720, relocatable: true, amount: 698 },
    { duration: 4, relocatable: false, amount: 8 },
  ],
  USD: [{ duration: 168, relocatable: true, amount: 32.5 }],
}

describe('rental orders', () => {
  it('a new server: CNY for Alipay, trimmed name and password, the region flag from the mode', () => {
    expect(
      newServerOrder({
        serverName: ' Team A ',
        password: ' abc123 ',
        region: 'ap-shanghai',
        hours: 720,
        method: 'alipay',
        mode: 'flexible',
        nickname: 'alice',
      }),
    ).toEqual({
      productType: 'server_rental',
      productId: 'new_server',
      currency: 'CNY',
      options: {
        serverName: 'Team A',
        password: 'abc123',
        region: 'ap-shanghai',
        duration: 720,
        paymentMethod: 'alipay',
        isRelocatable: true,
        nickname: 'alice',
      },
    })
  })

  it('a renewal in USD for PayPal', () => {
    expect(renewOrder({ instanceId: 'ins-1', hours: 168, method: 'paypal', relocatable: false })).toEqual({
      productType: 'server_rental',
      productId: 'renew_server',
      currency: 'USD',
      options: { instance_id: 'ins-1', duration: 168, isRelocatable: false, paymentMethod: 'paypal' },
    })
  })
})

describe('the rental total (shared price rules with the region flag)', () => {
  it("picks the item of the duration and the region mode, in the method's currency", () => {
    expect(totalLabel(totalPrice({ hours: 720, method: 'wechat', relocatable: false, prices: PRICES }))).toBe('¥528.00')
    expect(totalLabel(totalPrice({ hours: 720, method: 'wechat', relocatable: true, prices: PRICES }))).toBe('¥698.00')
    expect(totalLabel(totalPrice({ hours: 168, method: 'paypal', relocatable: true, prices: PRICES }))).toBe('$32.50')
  })

  it("reads Error when nothing matches, and for PayPal under 7 days even if a CNY price exists", () => {
    expect(totalLabel(totalPrice({ hours: 168, method: 'paypal', relocatable: false, prices: PRICES }))).toBe('Error')
    expect(totalLabel(totalPrice({ hours: 4, method: 'paypal', relocatable: false, prices: PRICES }))).toBe('Error')
    expect(totalLabel(totalPrice({ hours: 2160, method: 'alipay', relocatable: false, prices: PRICES }))).toBe('Error')
  })

  it("reads '-' until the method is chosen", () => {
    expect(totalLabel(totalPrice({ hours: 720, method: null, relocatable: false, prices: PRICES }))).toBe('-')
  })
})
