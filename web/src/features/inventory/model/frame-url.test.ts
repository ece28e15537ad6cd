import { describe, expect, it } from 'vitest'
import { frameUrl, signInBase } from './frame-url'

describe('the inventory frame address', () => {
  it('prefers the sign-in callback, falls back to the site, else nothing', () => {
    expect(signInBase({ inventorySignIn: 'https://inv.example.com/sign-in', inventory: 'https://inv.example.com/' })).toBe(
      'https://inv.example.com/sign-in',
    )
    expect(signInBase({ inventorySignIn: '', inventory: 'https://inv.example.com/' })).toBe('https://inv.example.com/')
    expect(signInBase({ inventorySignIn: '', inventory: '' })).toBe('')
  })

  it('adds ?token= to the base, keeping a query it already has', () => {
    expect(frameUrl('https://inv.example.com/sign-in', 'a.b.c')).toBe('https://inv.example.com/sign-in?token=a.b.c')
    expect(frameUrl('https://inv.example.com/sign-in?lang=zh', 'a.b.c')).toBe(
      'https://inv.example.com/sign-in?lang=zh&token=a.b.c',
    )
  })
})
