// How the console names an order's parts, with the raw value shown when no translation exists (a
// product or state added on the server later still reads).
import i18next from 'i18next'
import { durationParts } from '@/lib/payments/durations'

function labelOr(key: string, raw: string): string {
  return i18next.exists(key) ? i18next.t(key as 'console-ops:common.none') : raw
}

export const stateLabel = (state: string) => labelOr(`console-ops:orderStates.${state}`, state)
export const methodLabel = (method: string) => labelOr(`console-ops:methods.${method}`, method)
export const eventKindLabel = (kind: string) => labelOr(`console-ops:orderEventKinds.${kind}`, kind)
export const productLabel = (product: string) => labelOr(`console-ops:products.${product}`, product)

export function durationLabel(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return ''
  const { unit, count } = durationParts(hours)
  return i18next.t(`console-ops:durations.${unit}`, { count })
}
