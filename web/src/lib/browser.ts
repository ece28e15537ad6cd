// Thin wrappers over browser APIs that tests replace (jsdom cannot reload or detect a platform).

interface NavigatorUAData {
  platform?: string
}

export const browser = {
  reload(): void {
    window.location.reload()
  },
  /** Full-page navigation (leaving the app, e.g. to Steam). */
  assign(url: string): void {
    window.location.assign(url)
  },
  /** Loads `url` afresh in place of the current history entry (a reload onto a cleaned-up URL). */
  replace(url: string): void {
    window.location.replace(url)
  },
  /** Apple devices use Cmd where others use Ctrl. */
  isApplePlatform(): boolean {
    const nav = navigator as Navigator & { userAgentData?: NavigatorUAData }
    const platform = nav.userAgentData?.platform ?? nav.platform ?? ''
    return /mac|iphone|ipad|ipod/i.test(platform) || /mac os x|iphone|ipad|ipod/i.test(nav.userAgent)
  },
}
