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

/** The most e-mail domains one group's single sign-on covers. */
export const SSO_MAX_DOMAINS = 20;

const SsoDomain = z
  .string()
  .max(253)
  .refine((value) => ssoDomainOf(`x@${value}`) === value, {
    message: 'Each domain must be a lower-case e-mail domain, such as school.example',
  });

/** PUT /v1/provider/client-groups/{groupId}/single-sign-on: provider staff set a group's single sign-on. */
export const SsoSettingsBody = z
  .strictObject({
    issuer: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .describe("The group's OpenID Connect issuer identifier"),
    clientId: z.string().min(1).max(255).describe('The client id the group registered for this portal'),
    clientSecret: z
      .string()
      .min(1)
      .max(1024)
      .nullable()
      .describe('Its client secret (stored sealed, never answered); null for a public client'),
    domains: z
      .array(SsoDomain)
      .min(1)
      .max(SSO_MAX_DOMAINS)
      .describe('The e-mail domains that sign in through it; each belongs to one group at most'),
    required: z.boolean().describe("Whether the group's contacts must sign in through it (their passwords are refused)"),
  })
  .meta({ id: 'SsoSettingsBody' });
export type SsoSettingsBody = z.infer<typeof SsoSettingsBody>;

export const SsoSettingsResponse = z
  .object({
    groupId: z.number().int(),
    issuer: z.string(),
    clientId: z.string(),
    hasClientSecret: z.boolean().describe('Whether a client secret is stored (it is never answered)'),
    domains: z.array(z.string()),
    required: z.boolean(),
  })
  .meta({ id: 'SsoSettingsResponse' });
export type SsoSettingsResponse = z.infer<typeof SsoSettingsResponse>;

/** What the settings rules judge: the request, whether the server is a demo, and the domains other groups hold. */
export interface SsoSettingsFacts {
  issuer: string;
  domains: readonly string[];
  demo: boolean;
  /** Of the requested domains, those that already belong to another group's single sign-on. */
  heldElsewhere: readonly string[];
}

export interface SsoSettingsViolation {
  field: 'issuer' | 'domains';
  message: string;
}

/** A school's provider is reached over https (plain http only in a demo, where the issuer is this server). */
export function issuerOverHttps(facts: SsoSettingsFacts): SsoSettingsViolation | undefined {
  return facts.issuer.startsWith('https://') || facts.demo ? undefined : { field: 'issuer', message: 'The issuer must be an https URL' };
}

/** A domain belongs to one group at most: it decides which provider an address goes to. */
export function domainsUnclaimed(facts: SsoSettingsFacts): SsoSettingsViolation | undefined {
  return facts.heldElsewhere.length === 0
    ? undefined
    : { field: 'domains', message: `Already used by another group's single sign-on: ${facts.heldElsewhere.join(', ')}` };
}

/** The rules of setting a group's single sign-on, in order. */
export const SSO_SETTINGS_RULES = [issuerOverHttps, domainsUnclaimed] as const;

export function checkSsoSettings(facts: SsoSettingsFacts): SsoSettingsViolation[] {
  return SSO_SETTINGS_RULES.map((rule) => rule(facts)).filter((v): v is SsoSettingsViolation => v !== undefined);
}
