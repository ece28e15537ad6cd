import { describe, expect, it } from 'vitest'
import { priceKeyOf, readPriceForm, type PriceForm } from './price-form'

const form: PriceForm = { productType: 'server_rental', duration: '168', relocatable: true, currency: 'CNY', amount: '49.90' }

describe('readPriceForm', () => {
  it('sends integer minor units and the key fields', () => {
    expect(readPriceForm(form)).toEqual({
      ok: true,
      body: { product_type: 'server_rental', duration: 168, relocatable: true, currency: 'CNY', amount_minor: 4990 },
    })
  })

  it('never sends a relocatable VIP price', () => {
    const result = readPriceForm({ ...form, productType: 'vip' })
    expect(result.ok && result.body.relocatable).toBe(false)
  })

  it('names every bad field', () => {
    expect(readPriceForm({ ...form, duration: '0', amount: '1.999' })).toEqual({
      ok: false,
      problems: { duration: 'durationInvalid', amount: 'amountInvalid' },
    })
    expect(readPriceForm({ ...form, duration: '100' })).toMatchObject({ ok: false, problems: { duration: 'durationInvalid' } })
    expect(readPriceForm({ ...form, duration: '7.5' })).toMatchObject({ ok: false })
  })
})

describe('priceKeyOf', () => {
  it('drops everything but the key', () => {
    const row = { product_type: 'vip', duration: 720, relocatable: false, currency: 'USD', amount_minor: 5, updated_at: 1 }
    expect(priceKeyOf(row)).toEqual({
      product_type: 'vip',
      duration: 720,
      relocatable: false,
      currency: 'USD',
    })
  })
})
