// Shape of GET /api/privileges (the API contract): one entry per privilege, with a numeric flag per
// user group. A flag that is missing or not a number reads as 0 (forbidden); a text that is missing
// reads as empty, so one odd field never hides the whole table.
import * as z from 'zod/mini'

const flag = z.catch(z.number(), 0)
const text = z.catch(z.string(), '')

export const privilegeSchema = z.object({
  id: z.number(),
  content: text,
  detail: z.catch(z.pipe(z.nullish(z.string()), z.transform((value) => value ?? '')), ''),
  order: z.catch(z.number(), 0),
  normal: flag,
  vip: flag,
  pro: flag,
  kol: flag,
  op: flag,
})
export type PrivilegeDto = z.infer<typeof privilegeSchema>

export const privilegeListSchema = z.array(privilegeSchema)
