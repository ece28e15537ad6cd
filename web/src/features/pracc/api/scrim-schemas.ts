// Shapes of the /api/scrim/* answers (spec 001 §3, §7). Lenient where the records vary: ids and
// flags may come as numbers or text, optional fields may be missing or null.
import * as z from 'zod/mini'

const text = z.catch(z.string(), '')
const optionalText = z.catch(z.nullish(z.string()), null)
/** An id sent as a number or a text, read as text. */
const id = z.pipe(z.union([z.string(), z.number()]), z.transform(String))
/** 1/0, true/false or their text forms, read as a boolean. */
const flag = z.pipe(
  z.unknown(),
  z.transform((value) => value === true || value === 1 || value === '1' || value === 'true'),
)

export const serverDtoSchema = z.object({
  instance_id: id,
  instance_name: text,
  region: text,
  public_ip: optionalText,
  /** The expiry day (GMT+8) or instant; missing means expired (spec 001 §4). */
  expiredate: z.catch(z.nullish(z.union([z.string(), z.number()])), null),
  isOwner: flag,
  /** JSON text of the admins, '[]' by default; the admin dialog reads the admins call instead. */
  admin_list: z.catch(z.string(), '[]'),
  connect_url: text,
  sv_password: text,
  server_port: z.catch(z.nullish(z.coerce.number()), null),
  status: text,
  /** 1 = under maintenance. */
  maintenance_status: z.catch(z.coerce.number(), 0),
  /** What the maintenance overlay says (the portal's own addition). */
  maintenance_text: optionalText,
  relocatable: flag,
  /** 1 = the record of a server that moved to another region: hidden. */
  relocated: z.catch(z.coerce.number(), 0),
  /** The expiry instant in unix seconds. */
  timestamp: z.catch(z.nullish(z.coerce.number()), null),
  isExpired: flag,
  ip: text,
})
export type ServerDto = z.infer<typeof serverDtoSchema>

const serverList = z.array(serverDtoSchema)
/** The spec's answer is the bare list; a {data: list} envelope is read too. */
export const serverListSchema = z.union([serverList, z.object({ data: serverList })])

const adminSchema = z.object({ steamid: id, name: text, servername: text })
export const adminsAnswerSchema = z.object({
  admins: z.catch(z.array(adminSchema), []),
  isOwner: z.optional(flag),
})
export type AdminsAnswer = z.infer<typeof adminsAnswerSchema>

export const teammatesAnswerSchema = z.object({
  teammates: z.catch(z.array(z.object({ steamid: id, name: text })), []),
})
export type Teammate = z.infer<typeof teammatesAnswerSchema>['teammates'][number]

export const demosAnswerSchema = z.object({
  data: z.object({
    demos: z.array(z.object({ name: z.string(), size: z.catch(z.coerce.number(), 0) })),
  }),
})
export type Demo = z.infer<typeof demosAnswerSchema>['data']['demos'][number]

export const demoDownloadSchema = z.object({
  success: z.catch(z.boolean(), true),
  data: z.catch(z.nullish(z.object({ download_url: optionalText })), null),
  error: optionalText,
})

export const regionsAnswerSchema = z.object({
  success: z.catch(z.boolean(), true),
  regions: z.catch(
    z.array(
      z.object({
        region: z.string(),
        available: flag,
        recommended: flag,
      }),
    ),
    [],
  ),
  error: optionalText,
})

/** The switch call's answer: {success, error}. */
export const outcomeSchema = z.object({
  success: z.catch(z.boolean(), true),
  error: optionalText,
})
