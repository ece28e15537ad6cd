// Query keys of the rental's reads.
export const praccKeys = {
  all: ['pracc'] as const,
  /** Every user's lists (what a change invalidates). */
  servers: ['pracc', 'servers'] as const,
  /** One user's list: another login never sees the last one's servers, not even for a render. */
  userServers: (steamId: string) => ['pracc', 'servers', steamId] as const,
  admins: (serverId: string) => ['pracc', 'admins', serverId] as const,
  teammates: (serverId: string) => ['pracc', 'teammates', serverId] as const,
  demos: (serverId: string) => ['pracc', 'demos', serverId] as const,
  regions: (relocatable: boolean) => ['pracc', 'regions', relocatable] as const,
}
