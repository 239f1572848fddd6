import { z } from 'zod';

/**
 * Browser notifications (Web Push, RFC 8030; payloads encrypted as RFC 8291 says, VAPID as RFC 8292): the browser's
 * subscription as `PushSubscription.toJSON()` gives it, kept per signed-in contact.
 */

/** A contact keeps at most this many subscriptions (browsers, devices); a new one beyond it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_CONTACT = 10;
/** Push services' endpoints are a few hundred characters; this bounds what the server stores and calls. */
export const MAX_PUSH_ENDPOINT_LENGTH = 1024;

/** How many bytes base64url text (padded or not) decodes to; undefined when it is not base64url. */
function base64UrlBytes(text: string): number | undefined {
  const bare = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return undefined;
  return Math.floor((bare.length * 3) / 4);
}

/**
 * A name that is not reached through the public DNS: an IP address written out, localhost, a single label, or a
 * name reserved for local networks. The server calls the endpoint, so it refuses these (push services are public
 * DNS names on the default HTTPS port).
 */
function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || /^[0-9.]+$/.test(host) || /^0x/i.test(host)) return true;
  if (!host.includes('.')) return true;
  return /(^|\.)(localhost|local|internal|lan|home\.arpa|localdomain)$/.test(host);
}

/** Why an endpoint is refused, or undefined when it is acceptable. */
export function pushEndpointProblem(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (url.port !== '' && url.port !== '443') return 'must use the default https port';
  if (isLocalHostname(url.hostname)) return "must be a push service's public address";
  return undefined;
}

export const PushSubscriptionBody = z
  .strictObject({
    endpoint: z
      .string()
      .max(MAX_PUSH_ENDPOINT_LENGTH)
      .superRefine((value, ctx) => {
        const problem = pushEndpointProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .describe("The push service's URL for this browser (https, a public name, the default port)"),
    expirationTime: z.number().nullable().optional().describe('As the browser gives it; not used'),
    keys: z.strictObject({
      p256dh: z
        .string()
        .max(100)
        .refine((v) => base64UrlBytes(v) === 65 && v.startsWith('B'), 'must be a P-256 public key (65 bytes, base64url)')
        .describe("The browser's P-256 public key, uncompressed (65 bytes, base64url)"),
      auth: z
        .string()
        .max(30)
        .refine((v) => base64UrlBytes(v) === 16, 'must be 16 bytes, base64url')
        .describe("The browser's authentication secret (16 bytes, base64url)"),
    }),
  })
  .meta({ id: 'PushSubscriptionBody' });
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

export const PushUnsubscribeBody = z
  .strictObject({ endpoint: z.string().min(1).max(MAX_PUSH_ENDPOINT_LENGTH).describe('The subscription to forget') })
  .meta({ id: 'PushUnsubscribeBody' });
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

export const PushSubscriptionRecord = z
  .object({
    endpoint: z.string(),
    createdAt: z.string().describe('ISO 8601 instant'),
    lastUsedAt: z.string().nullable().describe('When a push to it was last accepted (ISO 8601); null: never yet'),
    expiredAt: z
      .string()
      .nullable()
      .describe(
        'When the push service said it no longer knows this subscription (ISO 8601): nothing more is sent to it, and the browser’s renewal of it can take its place; null while it is live',
      ),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionRecord = z.infer<typeof PushSubscriptionRecord>;

export const PushSubscriptionList = z.array(PushSubscriptionRecord);
export type PushSubscriptionList = z.infer<typeof PushSubscriptionList>;
