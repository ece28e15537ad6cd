// The community-server form of the console: the operator's text checked with the backend's rules
// (features/servers/game_server.cpp: IPv4, port 1..65535, one of the ten modes, a known region,
// ontop and star 0..1000, RCON password at most 128 bytes) and turned into the request body.

export const SERVER_CATEGORIES = [
  'competitive',
  'casual',
  'deathmatch',
  'training',
  'no-awp dm',
  'pistol dm',
  'solo 1v1',
  'retakes',
  'vip sub',
  'public',
] as const

/** The backend's region codes of a community server (game_server.cpp known_regions). */
export const SERVER_REGIONS = [
  'ap-beijing',
  'ap-shanghai',
  'ap-guangzhou',
  'ap-nanjing',
  'ap-chongqing',
  'ap-chengdu',
  'ap-hongkong',
  'ap-singapore',
  'ap-tokyo',
  'ap-seoul',
  'ap-sydney',
  'ap-mumbai',
  'ap-jakarta',
  'eu-frankfurt',
  'na-siliconvalley',
  'na-ashburn',
  'sa-saopaulo',
] as const

export const PLUGIN_KEY_SCOPES = ['status', 'stats', 'members', 'bind'] as const
export type PluginKeyScope = (typeof PLUGIN_KEY_SCOPES)[number]

export interface ServerFormValues {
  ip: string
  port: string
  name: string
  nameDisplay: string
  category: string
  region: string
  ontop: string
  star: string
  /** Empty: unchanged on an edit, none on a new server. */
  rconPassword: string
}

export interface ServerBody {
  ip: string
  port: number
  name: string
  name_display: string
  category: string
  region: string
  ontop: number
  star: number
  rcon_password?: string
}

export type ServerField = 'ip' | 'port' | 'name' | 'ontop' | 'star'
export type ServerFormProblem = 'ipInvalid' | 'portInvalid' | 'nameInvalid' | 'numberInvalid'
export type ServerFormResult =
  | { ok: true; body: ServerBody }
  | { ok: false; problems: Partial<Record<ServerField, ServerFormProblem>> }

const NAME_MAX = 64

function isIpv4(text: string): boolean {
  const parts = text.split('.')
  if (parts.length !== 4) return false
  if (!parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return false
  return parts.some((part) => Number(part) !== 0)
}

function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return null
  const value = Number(trimmed)
  return value >= min && value <= max ? value : null
}

export function readServerForm(values: ServerFormValues): ServerFormResult {
  const problems: Partial<Record<ServerField, ServerFormProblem>> = {}
  const ip = values.ip.trim()
  if (!isIpv4(ip)) problems.ip = 'ipInvalid'
  const port = wholeNumber(values.port, 1, 65535)
  if (port === null) problems.port = 'portInvalid'
  const name = values.name.trim()
  if (name.length === 0 || [...name].length > NAME_MAX) problems.name = 'nameInvalid'
  const ontop = wholeNumber(values.ontop || '0', 0, 1000)
  if (ontop === null) problems.ontop = 'numberInvalid'
  const star = wholeNumber(values.star || '0', 0, 1000)
  if (star === null) problems.star = 'numberInvalid'
  if (Object.keys(problems).length > 0 || port === null || ontop === null || star === null) return { ok: false, problems }
  const body: ServerBody = {
    ip,
    port,
    name,
    name_display: values.nameDisplay.trim() || name,
    category: values.category,
    region: values.region,
    ontop,
    star,
  }
  if (values.rconPassword !== '') body.rcon_password = values.rconPassword
  return { ok: true, body }
}

/** The form of an existing server (its RCON password is never sent to the web). */
export function formOf(server: {
  ip: string
  port: number
  name: string
  name_display?: string | null
  category: string
  region: string
  ontop?: number | null
  star?: number | null
}): ServerFormValues {
  return {
    ip: server.ip,
    port: String(server.port),
    name: server.name,
    nameDisplay: server.name_display ?? '',
    category: server.category,
    region: server.region,
    ontop: String(server.ontop ?? 0),
    star: String(server.star ?? 0),
    rconPassword: '',
  }
}

export const EMPTY_SERVER_FORM: ServerFormValues = {
  ip: '',
  port: '27015',
  name: '',
  nameDisplay: '',
  category: SERVER_CATEGORIES[0],
  region: 'ap-shanghai',
  ontop: '0',
  star: '0',
  rconPassword: '',
}
