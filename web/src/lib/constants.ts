// Business constants and limits from the spec (000 §9, 001 §9), in one place.

/** Width at and above which the desktop layout (fixed side menu) applies. */
export const DESKTOP_BREAKPOINT_PX = 1024
export const DESKTOP_MEDIA_QUERY = `(min-width: ${DESKTOP_BREAKPOINT_PX}px)`

export const TOAST_DURATION_MS = 5_000
export const TOOLTIP_DELAY_MS = 700
export const PRIVILEGE_TOOLTIP_DELAY_MS = 50
export const COPY_FEEDBACK_MS = 2_000

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
export const TOKEN_CHECK_INTERVAL_MS = 60_000
export const RESEND_CODE_SECONDS = 60
export const POST_REGISTRATION_REDIRECT_MS = 5_000
export const RESET_PASSWORD_THROTTLE_MS = 5 * 60 * 1000
export const PASSWORD_MIN_LENGTH = 8

export const SERVER_LIST_REFRESH_MS = 30_000
export const REFRESH_COOLDOWN_SECONDS = 5
export const PLAYER_CACHE_MS = 5 * 60 * 1000
export const QUICK_JOIN_DELAY_MS = 500
export const QUICK_JOIN_FREE_SLOTS = { member: 1, nonMember: 4 } as const

export const ANNOUNCEMENT_MAX_WIDTH_PX = 400
export const PLAYER_POPUP = { widthPx: 280, listHeightPx: 240, rowHeightPx: 40 } as const
export const DROPDOWN_MAX_HEIGHT_REM = 15

export const HOLD_TO_CONFIRM_MS = 2_000
export const RESTART_LOCKOUT_MS = 40_000
export const PAYMENT_WINDOW_SECONDS = 480
export const ORDER_POLL_MS = 10_000
export const POST_PAYMENT_WAIT_SECONDS = 180
export const DEMO_REFRESH_THROTTLE_MS = 3_000
export const INVENTORY_FRAME_DELAY_MS = 500
export const INVENTORY_OVERLAY_MS = 4_000
export const LEADERBOARD_TOP_PLAYERS = 5

/** Remote configuration request: give up after this long and use the local defaults. */
export const CONFIG_TIMEOUT_MS = 8_000
/** How long the first render waits for the configuration and the page's code before showing loading states. */
export const FIRST_RENDER_WAIT_MS = 1_500

export const GAME_APP_ID = 730
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai' // GMT+8

export const LANGUAGES = ['zh', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'zh'
