import { z } from 'zod';

/**
 * Single sign-on per school group (OpenID Connect). Discovery tells the sign-in page whether an e-mail address
 * signs in through its school's own provider. It never says whether an account exists: an address at an unknown
 * domain and one at a domain without single sign-on get the same answer, `{ ssoUrl: null }`, after the same one
 * lookup (by domain only; contacts are not read).
 */

/** The longest e-mail address (RFC 5321's path limit less the angle brackets). */
export const SSO_EMAIL_MAX_LENGTH = 254;

export const SsoDiscoverBody = z
  .strictObject({ email: z.email().max(SSO_EMAIL_MAX_LENGTH).describe('The e-mail address typed on the sign-in page') })
  .meta({ id: 'SsoDiscoverBody' });
export type SsoDiscoverBody = z.infer<typeof SsoDiscoverBody>;

export const SsoDiscoverResponse = z
  .object({
    ssoUrl: z
      .string()
      .nullable()
      .describe(
        "Where the browser goes to sign in with its school's account (this portal's own start URL); null when the address signs in with a password, whether or not its domain or account is known",
      ),
  })
  .meta({ id: 'SsoDiscoverResponse' });
export type SsoDiscoverResponse = z.infer<typeof SsoDiscoverResponse>;

/**
 * The domain an e-mail address belongs to for single sign-on: what follows its last `@`, lower-cased, without a
 * trailing dot; undefined when there is none. Server and tests read domains through this one rule.
 */
export function ssoDomainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1) return undefined;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(domain) && domain.length <= 253 ? domain : undefined;
}

/** The query of the start URL (GET /v1/auth/sso/start): the domain whose group's provider the flow goes to. */
export const SsoStartQuery = z.strictObject({
  domain: z
    .string()
    .max(253)
    .refine((value) => ssoDomainOf(`x@${value}`) === value, { message: 'Not an e-mail domain' })
    .describe("An e-mail domain of a group with single sign-on (the flow goes to that group's provider, and only there)"),
});

/** Why a return from a school's provider did not sign in, as the sign-in page's `sso` query parameter. */
export const SSO_FAILURES = ['failed', 'unverified', 'no-account'] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];
