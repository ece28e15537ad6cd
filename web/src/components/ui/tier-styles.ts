// Colours of the membership tiers (vip, pro, kol, op), shared by the header badge and the
// leaderboard's group badges so a tier reads the same everywhere.
export const TIER_STYLES = {
  vip: 'border-brand-500/40 bg-brand-500/15 text-brand-300',
  pro: 'border-sky-400/40 bg-sky-400/15 text-sky-300',
  kol: 'border-fuchsia-400/40 bg-fuchsia-400/15 text-fuchsia-300',
  op: 'border-red-400/40 bg-red-400/15 text-red-300',
} as const
