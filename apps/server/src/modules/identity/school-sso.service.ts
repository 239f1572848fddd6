import { createHash } from 'node:crypto';
import type { Database } from '@portal/db/client';
import {
  checkSsoSettings,
  ssoDomainOf,
  type SsoFailure,
  type SsoSettingsBody,
  type SsoSettingsResponse,
} from '@portal/contract/school-sso';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { openSecret, sealSecret } from '../../lib/mail-secret';
import type { ServerKeys } from '../../lib/secrets';
import type { AccessTokens } from './access-tokens';
import type { AttemptCounters } from './attempt-counters';
import { authError } from './auth-errors';
import * as identity from './identity.repository';
import type { RelyingParty } from './oidc-relying-party';
import * as repo from './school-sso.repository';
import type { ProviderIdentity } from './staff-identity';

/**
 * Single sign-on per school group (docs/decisions/028): a group's contacts sign in through the group's own OpenID
 * Connect provider. The provider vouches for a person; the portal decides who that is and what they may do:
 *
 * - a subject already linked to a contact signs that contact in (while the contact still belongs to the group);
 * - otherwise only a verified e-mail (`email_verified: true`) of one of the group's domains, of an existing contact
 *   of the group not yet linked to another subject of this provider, is linked and signed in;
 * - nothing else signs in, and no contact or permission is ever created here.
 */

export const SSO_LIMITS = {
  /** Discovery runs as the address is typed (the page waits for a pause): generous, per address. */
  discoveriesPerAddress: { max: 120, windowSeconds: 15 * 60 },
  /** Each start makes a round trip to the group's provider. */
  startsPerAddress: { max: 30, windowSeconds: 15 * 60 },
} as const;

export const SSO_START_PATH = '/v1/auth/sso/start';

interface Deps {
  database: Database;
  config: Config;
  keys: ServerKeys;
  tokens: AccessTokens;
  counters: AttemptCounters;
  /** The wall clock sign-ins live by (lib/clock.ts). */
  now: () => Date;
}

interface RequestMeta {
  ip: string;
  requestId: string;
}

/** A group's provider as the flow needs it: which connection, and the relying party's settings. */
export interface SsoConnection {
  id: number;
  party: RelyingParty;
}

export type SsoOutcome = { ok: true; contactId: number; accessToken: string; refreshToken: string } | { ok: false; reason: SsoFailure };

/** How provider staff (or the demo) set a group's single sign-on. */
export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  domains: string[];
  required: boolean;
}

export class SchoolSsoService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  private async limit(name: string, ip: string, rule: { max: number; windowSeconds: number }): Promise<void> {
    const { count, resetInSeconds } = await this.deps.counters.consume(`${name}:${ip}`, rule.windowSeconds);
    if (count > rule.max) throw authError('auth/too-many-requests', { headers: { 'retry-after': String(resetInSeconds) } });
  }

  /**
   * The start URL for an address whose domain has single sign-on, else null. The same one lookup by domain runs
   * for every address (an address without a usable domain looks up the empty domain), and contacts are not read:
   * an unknown domain and a known one without single sign-on cannot be told apart.
   */
  async discover(email: string, meta: RequestMeta): Promise<string | null> {
    await this.limit('sso-discover', meta.ip, SSO_LIMITS.discoveriesPerAddress);
    const domain = ssoDomainOf(email) ?? '';
    const connection = await repo.findConnectionByDomain(this.db, domain);
    return connection ? `${this.deps.config.publicOrigin}${SSO_START_PATH}?domain=${encodeURIComponent(domain)}` : null;
  }

  /** The connection a flow starts for: only a configured domain's; anything else is a plain 404. */
  async connectionForStart(domain: string, meta: RequestMeta): Promise<SsoConnection> {
    await this.limit('sso-start', meta.ip, SSO_LIMITS.startsPerAddress);
    const row = await repo.findConnectionByDomain(this.db, domain);
    if (!row) throw new AppError('not-found', { detail: 'No single sign-on for this domain.' });
    return this.connection(row);
  }

  /** The connection a returning flow belongs to (its id was kept in the signed transaction cookie). */
  async connectionById(id: number): Promise<SsoConnection | undefined> {
    const row = await repo.findConnection(this.db, id);
    return row && this.connection(row);
  }

  /**
   * The connection with its client secret opened. A secret sealed under the previous server secret (a key rotation's
   * window, docs/decisions/024) is sealed again under the current one, so that it still opens once the previous
   * secret is removed; the row is only rewritten if it still holds what was read (settings saved meanwhile win).
   */
  private async connection(row: repo.ConnectionRow): Promise<SsoConnection> {
    const sealed = row.clientSecretSealed;
    let clientSecret: string | undefined;
    try {
      clientSecret = sealed ? openSecret(this.deps.keys.all('sso-client-secret'), sealed) : undefined;
    } catch (error) {
      // Sealed under a server secret no longer configured (not read during a rotation's window): provider staff set
      // the secret again; until then the group's sign-in is unavailable, never a 500.
      throw new AppError('service-unavailable', { detail: "Your school's sign-in is not reachable right now.", cause: error });
    }
    if (sealed && clientSecret !== undefined && !sealed.startsWith(`sealed:v2:${this.deps.keys.currentId}:`)) {
      const resealed = sealSecret(this.deps.keys.signing('sso-client-secret'), clientSecret);
      await repo.resealClientSecret(this.db, row.id, sealed, resealed);
    }
    return { id: row.id, party: { issuer: row.issuer, clientId: row.clientId, clientSecret } };
  }

  /** Who the provider's answer signs in, by the rules above; the subject is linked on the first sign-in. */
  async signIn(connectionId: number, who: ProviderIdentity, meta: RequestMeta): Promise<SsoOutcome> {
    const connection = await repo.findConnection(this.db, connectionId);
    const { sub, email } = who;
    if (!connection || typeof sub !== 'string' || sub.length === 0 || sub.length > 255) return { ok: false, reason: 'failed' };
    const linked = await repo.findLinkedContact(this.db, connection.issuer, sub);
    let contactId: number | undefined;
    if (linked !== undefined) {
      if (await repo.contactInGroup(this.db, linked, connection.groupId)) contactId = linked;
    } else {
      if (who.email_verified !== true || typeof email !== 'string') return { ok: false, reason: 'unverified' };
      contactId = await this.linkByEmail(connection, email, sub);
    }
    if (contactId === undefined) {
      await identity.audit(this.db, {
        action: 'auth.sso-refused',
        details: { groupId: connection.groupId },
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return { ok: false, reason: 'no-account' };
    }
    const family = await identity.startFamily(this.db, { contactId }, this.lifetime, this.deps.now());
    await identity.audit(this.db, {
      contactId,
      action: 'auth.sso-login',
      details: { groupId: connection.groupId, linked: linked === undefined },
      ip: meta.ip,
      requestId: meta.requestId,
    });
    const version = await identity.tokenVersion(this.db, contactId);
    const accessToken = await this.deps.tokens.sign({ kind: 'contact', contactId, version }, family.familyId);
    return { ok: true, contactId, accessToken, refreshToken: family.token };
  }

  /** A verified address of one of the group's domains, of a contact of the group not yet linked at this provider. */
  private async linkByEmail(connection: repo.ConnectionRow, email: string, sub: string): Promise<number | undefined> {
    const domain = ssoDomainOf(email);
    if (!domain || !(await repo.connectionDomains(this.db, connection.id)).includes(domain)) return undefined;
    const contact = await repo.findContactForLink(this.db, email, connection.issuer);
    if (!contact || contact.linked || !(await repo.contactInGroup(this.db, contact.id, connection.groupId))) return undefined;
    return (await repo.linkSubject(this.db, contact.id, connection.issuer, sub)) ? contact.id : undefined;
  }

  private get lifetime() {
    const a = this.deps.config.auth;
    return { idleSeconds: a.refreshIdleSeconds, absoluteSeconds: a.refreshAbsoluteSeconds };
  }

  /**
   * Before a password is judged: an address at a domain whose group requires single sign-on is refused whatever
   * the account (the domain's answer is public through discovery, so this tells nothing about accounts).
   */
  async refusePasswordForAddress(email: string): Promise<void> {
    const domain = ssoDomainOf(email);
    const connection = domain ? await repo.findConnectionByDomain(this.db, domain) : undefined;
    if (connection?.required) throw authError('auth/sso-required');
  }

  /** After the right password: a contact of a group that requires single sign-on, at whatever address, is refused. */
  async refusePasswordForContact(contactId: number): Promise<void> {
    if (await repo.contactInRequiredGroup(this.db, contactId)) throw authError('auth/sso-required');
  }

  /** Sets a group's single sign-on; the client secret is stored sealed under the `sso-client-secret` key. */
  async configure(groupId: number, settings: SsoSettings): Promise<number> {
    const domains = [...new Set(settings.domains.map((d) => ssoDomainOf(`x@${d}`)))];
    if (domains.some((d) => d === undefined)) throw AppError.field('domains', 'Every domain must be an e-mail domain');
    const sealed = settings.clientSecret ? sealSecret(this.deps.keys.signing('sso-client-secret'), settings.clientSecret) : null;
    return this.db.transaction((tx) =>
      repo.upsertConnection(tx, {
        groupId,
        issuer: settings.issuer,
        clientId: settings.clientId,
        clientSecretSealed: sealed,
        required: settings.required,
        domains: domains as string[],
      }),
    );
  }

  /**
   * Provider staff set a group's single sign-on (the contract's rules: an https issuer outside a demo, domains no
   * other group holds); the answer never carries the secret.
   */
  async saveSettings(groupId: number, body: SsoSettingsBody): Promise<SsoSettingsResponse> {
    if (!(await repo.groupExists(this.db, groupId))) throw new AppError('not-found', { detail: 'No such school group.' });
    const domains = [...new Set(body.domains)];
    const heldElsewhere = await repo.domainsHeldElsewhere(this.db, groupId, domains);
    const [violation] = checkSsoSettings({ issuer: body.issuer, domains, demo: this.deps.config.demo, heldElsewhere });
    if (violation) {
      throw new AppError(violation.field === 'domains' ? 'conflict' : 'validation', {
        detail: violation.message,
        errors: { [violation.field]: [violation.message] },
      });
    }
    await this.configure(groupId, { ...body, domains });
    return {
      groupId,
      issuer: body.issuer,
      clientId: body.clientId,
      hasClientSecret: body.clientSecret !== null,
      domains: domains.sort(),
      required: body.required,
    };
  }

  /** The group of this name (the demo's trust), if the world has it. */
  groupIdByName(name: string): Promise<number | undefined> {
    return repo.findGroupIdByName(this.db, name);
  }
}

/** A key for a relying party's discovered configuration: a change of issuer, client or secret discovers again. */
export function partyKey(party: RelyingParty): string {
  return createHash('sha256')
    .update(JSON.stringify([party.issuer, party.clientId, party.clientSecret ?? '']))
    .digest('hex');
}
