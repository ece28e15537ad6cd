// Shape of GET /api/config. Every field is optional and a bad field is dropped on its own
// (`z.catch(…, undefined)`), so one wrong value never throws away the rest of the configuration.
import * as z from 'zod/mini'

/** An optional field that reads as undefined when it has the wrong type. */
function lenient<T extends z.ZodMiniType>(schema: T) {
  return z.catch(z.optional(schema), undefined)
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

const flag = lenient(z.boolean())
const text = lenient(z.string())
/** Only http(s) URLs are accepted for outbound links (no javascript: or data: URLs). */
const httpUrl = lenient(z.string().check(z.refine(isHttpUrl)))

export const remoteConfigSchema = z.object({
  mode: text,
  servers: lenient(
    z.object({
      enabled: flag,
      features: lenient(z.object({ details: flag, rules: flag, quickJoin: flag, filters: flag })),
    }),
  ),
  pracc: lenient(z.object({ enabled: flag })),
  inventory: lenient(z.object({ enabled: flag })),
  settings: lenient(
    z.object({
      enabled: flag,
      features: lenient(z.object({ general: flag, profile: flag, security: flag })),
    }),
  ),
  steam: lenient(
    z.object({ openidEndpoint: httpUrl, realm: httpUrl, returnUrl: httpUrl, bindReturnUrl: httpUrl }),
  ),
  join: lenient(z.object({ addressPrefix: text, appId: lenient(z.int().check(z.positive())) })),
  links: lenient(
    z.object({
      bilibili: httpUrl,
      douyin: httpUrl,
      weibo: httpUrl,
      qqGroup: httpUrl,
      filingNumber: text,
      filingUrl: httpUrl,
      vipStore: httpUrl,
      vipPay: httpUrl,
      inventory: httpUrl,
      /** The inventory site's sign-in callback; the frame loads it with ?token=. */
      inventorySignIn: httpUrl,
      supportEmail: text,
    }),
  ),
  /** The payment methods the portal offers (docs/payments.md); unknown names are dropped later. */
  payments: lenient(
    z.object({
      methods: lenient(z.array(z.catch(z.string(), ''))),
      /** Demo mode only: the stand-in page playing a phone that scans a WeChat Pay code. */
      sandboxScanUrl: httpUrl,
    }),
  ),
})

export type RemoteConfig = z.infer<typeof remoteConfigSchema>
