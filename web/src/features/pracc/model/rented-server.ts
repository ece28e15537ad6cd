// A rented server as the cards use it, read from the list call's record (spec 001 §3).
import type { ServerDto } from '../api/scrim-schemas'
import { isExpired } from './expiry'

export interface RentedServer {
  id: string
  name: string
  region: string
  status: string
  isOwner: boolean
  /** "ip:port" to connect to. */
  address: string
  password: string
  connectUrl: string
  maintenance: boolean
  maintenanceText: string | null
  relocatable: boolean
  relocated: boolean
  expiredate: string | number | null
  timestamp: number | null
  /** The backend's isExpired: also true for a server it has stopped or terminated before its expiry. */
  expiredFlag: boolean
}

function address(dto: ServerDto): string {
  const host = dto.ip || dto.public_ip || ''
  if (host === '' || host.includes(':') || !dto.server_port) return host
  return `${host}:${dto.server_port}`
}

export function toRentedServer(dto: ServerDto): RentedServer {
  return {
    id: dto.instance_id,
    name: dto.instance_name,
    region: dto.region,
    status: dto.status,
    isOwner: dto.isOwner,
    address: address(dto),
    password: dto.sv_password,
    connectUrl: dto.connect_url,
    maintenance: dto.maintenance_status === 1,
    maintenanceText: dto.maintenance_text || null,
    relocatable: dto.relocatable,
    relocated: dto.relocated === 1,
    expiredate: dto.expiredate ?? null,
    timestamp: dto.timestamp ?? null,
    expiredFlag: dto.isExpired,
  }
}

/** What the copy button puts on the clipboard: the console command, with the password when set. */
export function connectCommand(server: Pick<RentedServer, 'address' | 'password'>): string {
  const connect = `connect ${server.address}`
  return server.password ? `${connect}; password ${server.password}` : connect
}

/**
 * Expired by the spec's rule (spec 001 §4) as of `now`, or because the backend says so: the list's
 * isExpired covers what the dates cannot show (a server stopped or terminated early).
 */
export function serverExpired(server: Pick<RentedServer, 'expiredate' | 'timestamp' | 'expiredFlag'>, now: number = Date.now()): boolean {
  return server.expiredFlag || isExpired(server, now)
}

export interface ServerSections {
  active: RentedServer[]
  expired: RentedServer[]
}

/** Active and expired servers, in the list's order; records of relocated servers are left out. */
export function splitServers(servers: readonly RentedServer[], now: number = Date.now()): ServerSections {
  const shown = servers.filter((server) => !server.relocated)
  return {
    active: shown.filter((server) => !serverExpired(server, now)),
    expired: shown.filter((server) => serverExpired(server, now)),
  }
}
