import { PERMISSION_SCOPES } from '@portal/contract/domain';
import type { DbOrTx } from '@portal/db/client';
import { findGroupByName, insertTrust } from './sso-trust.repository';

/**
 * The SSO trust: a school group of the demo whose contacts sign in through the group's own OpenID Connect provider
 * (docs/decisions/028). The demo plays that provider itself (modules/identity/school-sso-demo-issuer.ts), with the
 * directory below. The trust is added after the generated world, with ids after its own, so the world's rows and
 * counts stay as they were; it has no bookings yet.
 */
export const SSO_TRUST = {
  groupName: 'The SSO Trust',
  domain: 'trust.demo.test',
  /** The group requires single sign-on: its contacts' passwords are refused. */
  required: true,
  admin: {
    email: 'sso.admin@trust.demo.test',
    description: 'The SSO trust: signs in with the school account only (the demo school provider), every permission at group level',
  },
} as const;

/**
 * The demo school provider's directory (what the trust's own identity provider knows, not portal contacts): the
 * admin with a verified e-mail, an account whose e-mail the provider has not verified, and one that claims an
 * address of another group. All use the demo password at the provider's sign-in page.
 */
export const SSO_TRUST_DIRECTORY: ReadonlyArray<{ login: string; sub: string; email: string; emailVerified: boolean; name: string }> = [
  {
    login: 'sso.admin@trust.demo.test',
    sub: 'trust-7f3a91',
    email: 'sso.admin@trust.demo.test',
    emailVerified: true,
    name: 'Samira Okafor',
  },
  {
    login: 'unverified@trust.demo.test',
    sub: 'trust-2b8c40',
    email: 'sso.admin@trust.demo.test',
    emailVerified: false,
    name: 'Unverified',
  },
  { login: 'outsider@trust.demo.test', sub: 'trust-c51d07', email: 'group.admin@demo.test', emailVerified: true, name: 'Outsider' },
];

/** Adds the SSO trust to a world that lacks it; the rows it wrote, by table (none when it was there). */
export async function ensureSsoTrust(db: DbOrTx, passwordHash: string | null): Promise<Record<string, number>> {
  if ((await findGroupByName(db, SSO_TRUST.groupName)) !== undefined) return {};
  return insertTrust(db, {
    group: { name: SSO_TRUST.groupName, locale: 'en-GB' },
    client: (groupId) => ({
      groupId,
      name: 'Northgate Academy',
      locale: 'en-GB',
      currency: 'GBP',
      country: 'GB',
      taxLabel: 'VAT',
      taxRateBasisPoints: 2000,
    }),
    location: (clientId) => ({
      clientId,
      name: 'Northgate Academy',
      timeZone: 'Europe/London',
      addressLine1: '12 Northgate Road',
      suburb: 'Camden',
      state: 'Greater London',
      postcode: 'NW1 7AB',
      country: 'GB',
      latitude: 51.5413,
      longitude: -0.1426,
      startTime: '08:40',
      endTime: '15:20',
      lunchBreakMinutes: 45,
    }),
    // The provider vouches for the person; the password stays (refused while the trust requires single sign-on).
    contact: {
      firstName: 'Samira',
      lastName: 'Okafor',
      email: SSO_TRUST.admin.email,
      passwordHash,
      language: 'en-GB',
      isClientGroupOverviewEnabled: true,
    },
    grants: (groupId, contactId) => PERMISSION_SCOPES.map((scope) => ({ contactId, groupId, scope, modifier: 'all' as const })),
  });
}
