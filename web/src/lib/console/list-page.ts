// The answer of every console list: {items, total, page, page_size} (docs/console.md, Conventions).
import * as z from 'zod/mini'

export interface ListPage<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

/** The list envelope around `item`, read into camel case. */
export function listPageSchema<T>(item: z.ZodMiniType<T>) {
  return z.pipe(
    z.object({
      items: z.array(item),
      total: z.number(),
      page: z.number(),
      page_size: z.number(),
    }),
    z.transform((raw): ListPage<T> => ({ items: raw.items, total: raw.total, page: raw.page, pageSize: raw.page_size })),
  )
}
