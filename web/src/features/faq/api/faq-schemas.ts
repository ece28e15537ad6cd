// Shape of GET /api/faqs (the API contract): questions in the operator's order.
import * as z from 'zod/mini'

export const faqSchema = z.object({
  id: z.number(),
  question: z.string(),
  /** HTML, sanitised by the server; sanitised again on render. */
  answer: z.catch(z.string(), ''),
  updatedAt: z.catch(z.nullish(z.string()), null),
})
export type Faq = z.infer<typeof faqSchema>

export const faqListSchema = z.array(faqSchema)
