// Leaderboard constants from spec 001 §9 that only this screen uses (the shared ones live in
// lib/constants: LEADERBOARD_TOP_PLAYERS, TOOLTIP_DELAY_MS, DESKTOP_MEDIA_QUERY).

/** The season list scrolls beyond this height. */
export const SEASON_MENU_MAX_HEIGHT_PX = 180
