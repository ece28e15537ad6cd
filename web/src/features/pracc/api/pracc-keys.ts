// Query keys of the rental's reads.
export const praccKeys = {
  all: ['pracc'] as const,
  servers: ['pracc', 'servers'] as const,
  admins: (serverId: string) => ['pracc', 'admins', serverId] as const,
  teammates: (serverId: string) => ['pracc', 'teammates', serverId] as const,
  demos: (serverId: string) => ['pracc', 'demos', serverId] as const,
  regions: (relocatable: boolean) => ['pracc', 'regions', relocatable] as const,
}
