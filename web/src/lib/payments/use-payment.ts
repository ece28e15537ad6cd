// The payment state machine every checkout shares (spec 001 §4, purchase flow): create the order,
// get the payment link, then wait: a 480 s countdown and a poll of the order every 10 s until it is
// paid (the caller's success step), the window passes (timeout, with a retry), or the order ends
// otherwise (review, failed, expired, refunded). A failure creating the order or getting the link is
// the payment error; the caller's form is usable again. Unmounting (the dialog closing) clears it all.
import { useCallback, useEffect, useRef, useState } from 'react'
import { isCancelled } from '../api-error'
import { ORDER_POLL_MS, PAYMENT_WINDOW_SECONDS } from '../constants'
import { createOrder, fetchOrder, startPayment, type NewOrder } from './payment-api'
import type { PaymentMethod } from './payment-methods'
import { paymentTab } from './payment-tab'

/** How an order can end other than paid, as the view explains it. */
export type ClosedStatus = 'review' | 'failed' | 'expired' | 'refunded'

export type PaymentState =
  | { phase: 'idle' }
  /** Creating the order and getting its link. */
  | { phase: 'starting'; method: PaymentMethod }
  | {
      phase: 'awaiting'
      orderId: string
      method: PaymentMethod
      paymentUrl: string
      /** What the WeChat QR code encodes; null for the link methods. */
      qrCode: string | null
      /** Date.now() when the window closes (the countdown reads it, so a throttled tab stays right). */
      deadline: number
      secondsLeft: number
    }
  | { phase: 'paid'; orderId: string }
  | { phase: 'timeout'; orderId: string }
  | { phase: 'closed'; orderId: string; status: ClosedStatus }
  | { phase: 'error'; error: unknown }

export interface PaymentRequest {
  order: NewOrder
  method: PaymentMethod
}

const IDLE: PaymentState = { phase: 'idle' }
const CLOSED_STATUSES: readonly string[] = ['review', 'failed', 'expired', 'refunded'] satisfies ClosedStatus[]

/** Whether the caller's form is in use by the payment (not to be edited or sent again). */
/** The countdown follows the server's window (it began when the order was made), never longer than 480 s. */
function windowSeconds(expiresIn: number | undefined): number {
  if (expiresIn === undefined || !Number.isFinite(expiresIn)) return PAYMENT_WINDOW_SECONDS
  return Math.max(0, Math.min(PAYMENT_WINDOW_SECONDS, Math.floor(expiresIn)))
}

export function paymentBusy(state: PaymentState): boolean {
  return state.phase !== 'idle' && state.phase !== 'error'
}

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
}

interface UsePaymentOptions {
  /** Called once when the order is paid. */
  onPaid?: (orderId: string) => void
}

export function usePayment({ onPaid }: UsePaymentOptions = {}) {
  const [state, setState] = useState<PaymentState>(IDLE)
  // Each start or reset is a new attempt; answers of an older one are dropped.
  const attempt = useRef(0)
  const request = useRef<AbortController | null>(null)
  const onPaidRef = useRef(onPaid)
  useEffect(() => {
    onPaidRef.current = onPaid
  }, [onPaid])

  const abandon = useCallback(() => {
    attempt.current += 1
    request.current?.abort()
    request.current = null
  }, [])

  /** Back to the form: the retry after a timeout, a failure or a closed order. */
  const reset = useCallback(() => {
    abandon()
    setState(IDLE)
  }, [abandon])

  // The dialog closing unmounts the view: nothing may answer into it afterwards.
  useEffect(() => abandon, [abandon])

  /** Call it from the click: a link method's tab is opened right away. */
  const start = useCallback(
    ({ order, method }: PaymentRequest) => {
      abandon()
      const id = attempt.current
      const controller = new AbortController()
      request.current = controller
      const tab = method === 'wechat' ? null : paymentTab.reserve()
      setState({ phase: 'starting', method })
      void (async () => {
        try {
          const created = await createOrder(order, controller.signal)
          const payment = await startPayment(created.id, method, controller.signal)
          if (id !== attempt.current) {
            tab?.close()
            return
          }
          tab?.show(payment.payment_url)
          const deadline = Date.now() + windowSeconds(payment.expiresIn) * 1000
          setState({
            phase: 'awaiting',
            orderId: created.id,
            method,
            paymentUrl: payment.payment_url,
            qrCode: method === 'wechat' ? payment.qr_code || payment.payment_url : null,
            deadline,
            secondsLeft: secondsUntil(deadline),
          })
        } catch (error) {
          tab?.close()
          if (id !== attempt.current || isCancelled(error)) return
          console.warn('Failed to start the payment', error)
          setState({ phase: 'error', error })
        }
      })()
    },
    [abandon],
  )

  const orderId = state.phase === 'awaiting' ? state.orderId : null
  const deadline = state.phase === 'awaiting' ? state.deadline : 0

  useEffect(() => {
    if (orderId === null) return
    const controller = new AbortController()
    let polling = false
    const update = (next: (current: Extract<PaymentState, { phase: 'awaiting' }>) => PaymentState) =>
      setState((current) => (current.phase === 'awaiting' && current.orderId === orderId ? next(current) : current))

    const tick = () => {
      const left = secondsUntil(deadline)
      update((current) => (left === 0 ? { phase: 'timeout', orderId } : { ...current, secondsLeft: left }))
    }
    const poll = async () => {
      if (polling) return
      polling = true
      try {
        const { status } = await fetchOrder(orderId, controller.signal)
        if (status === 'paid') update(() => ({ phase: 'paid', orderId }))
        else if (CLOSED_STATUSES.includes(status)) update(() => ({ phase: 'closed', orderId, status: status as ClosedStatus }))
      } catch (error) {
        // A failed poll is retried at the next one; the window still runs.
        if (!isCancelled(error)) console.warn('Failed to poll the order', error)
      } finally {
        polling = false
      }
    }
    const onVisible = () => {
      // Back from paying in the other tab: look at once.
      if (document.visibilityState !== 'visible') return
      tick()
      void poll()
    }

    const countdown = setInterval(tick, 1000)
    const poller = setInterval(() => void poll(), ORDER_POLL_MS)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      clearInterval(countdown)
      clearInterval(poller)
      document.removeEventListener('visibilitychange', onVisible)
      controller.abort()
    }
  }, [orderId, deadline])

  const paidOrder = state.phase === 'paid' ? state.orderId : null
  useEffect(() => {
    if (paidOrder !== null) onPaidRef.current?.(paidOrder)
  }, [paidOrder])

  return { state, start, reset }
}
