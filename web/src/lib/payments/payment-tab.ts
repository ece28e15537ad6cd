// The tab a link method pays in. It is opened inside the click (a tab opened after the order's
// requests have answered is no longer a user gesture and is blocked as a pop-up), then sent to the
// payment link once it is known; the payment view also shows the link in case the tab was blocked.

export interface PaymentTab {
  show(url: string): void
  close(): void
}

export const paymentTab = {
  /** Opens an empty tab now; null when the browser refused it. */
  reserve(): PaymentTab | null {
    let tab: Window | null = null
    try {
      tab = window.open('about:blank', '_blank')
    } catch {
      tab = null
    }
    if (!tab) return null
    // The payment page must not reach back into the portal.
    tab.opener = null
    const opened = tab
    return {
      show: (url) => {
        opened.location.href = url
      },
      close: () => opened.close(),
    }
  },
}
