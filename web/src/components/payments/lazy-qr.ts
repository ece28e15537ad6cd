// The payment QR code (qrcode.react) loads when a checkout first shows one: the VIP page offers
// its plans without it in its first load (issue 17).
import type { ComponentProps } from 'react'
import type { QRCodeSVG } from 'qrcode.react'
import { deferredComponent } from '@/components/ui/deferred-component'

/** data-testid included: tests find the code by it. */
export const qrCodeSvg = deferredComponent<ComponentProps<typeof QRCodeSVG> & { 'data-testid'?: string }>(
  async () => (await import('qrcode.react')).QRCodeSVG,
)
