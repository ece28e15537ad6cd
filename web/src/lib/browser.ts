// Thin wrappers over browser APIs that tests replace (jsdom cannot reload or detect a platform).

interface NavigatorUAData {
  platform?: string
}

export const browser = {
  reload(): void {
    window.location.reload()
  },
  /** Apple devices use Cmd where others use Ctrl. */
  isApplePlatform(): boolean {
    const nav = navigator as Navigator & { userAgentData?: NavigatorUAData }
    const platform = nav.userAgentData?.platform ?? nav.platform ?? ''
    return /mac|iphone|ipad|ipod/i.test(platform) || /mac os x|iphone|ipad|ipod/i.test(nav.userAgent)
  },
}
