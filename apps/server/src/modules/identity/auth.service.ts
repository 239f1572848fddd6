import type { Database, DbOrTx } from '@portal/db/client';
import type { Config } from '../../config';
import { PORTAL_PATHS, portalUrl } from '@portal/contract/portal-paths';
import type { Mailer } from '../../lib/mailer';
import { AppError } from '../../lib/app-error';
import { passwordResetMail, signInSlowedMail } from '../../mail/mails';
import type { AccessTokens } from './access-tokens';
import type { PageTokens } from './page-tokens';
import type { AttemptCounters } from './attempt-counters';
import { authError } from './auth-errors';
import * as repo from './identity.repository';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import type { PrincipalCache } from './principal-cache';
import { secondStepError, type SecondStepProof, type SecondStepService } from './second-step.service';
import { pause } from './slow-down';
import { matchStaff, type ProviderIdentity } from './staff-identity';

/**
 * Sign-in, refresh, sign-out and passwords.
 *
 * Brute force without letting an attacker lock a school out (docs/decisions/006): per (account, client IP)
 * answers slow down after 5 failures and that pair is locked for 15 minutes after 10 within 15 minutes; one
 * address that failed 100 times in an hour across e-mails is slowed down and gets one attempt every 5 s (never locked). Per account from all addresses there is no
 * lock: from 20 failures in an hour on, every attempt waits a little longer (up to 10 s), and at 100 the contact
 * is e-mailed a link that lifts the slow-down. The right password always gets in. Unknown e-mails go through the
 * same steps (and the same password-hash time), so answers never tell which accounts exist.
 */

export const LIMITS = {
  pairWindowSeconds: 15 * 60,
  pairSlowAfter: 5,
  pairLockAfter: 10,
  pairLockSeconds: 15 * 60,
  slowDownStepMs: 400,
  slowDownMaxMs: 3000,
  /**
   * Failed sign-ins from one address, whatever the e-mail (password spraying from one place): from this many in an
   * hour, every attempt from the address waits a little longer before it is judged (100 ms more per failure, up to
   * 3 s), and the address gets one attempt per `addressGapSeconds` (an earlier one is answered 429 with Retry-After,
   * unjudged). Never a lock: the right password after the wait gets in, as for an account.
   */
  addressWindowSeconds: 60 * 60,
  addressSlowAfter: 100,
  addressStepMs: 100,
  addressMaxDelayMs: 3000,
  addressGapSeconds: 5,
  accountWindowSeconds: 60 * 60,
  /** From this many failures (all addresses) on, every attempt on the account waits, 100 ms more per failure. */
  accountSlowAfter: 20,
  accountStepMs: 100,
  accountMaxDelayMs: 10_000,
  /** At this many failures the contact gets an e-mail with a link that lifts the slow-down. */
  accountNoticeAfter: 100,
  unlockLinkHours: 24,
  resetLinkMinutes: 60,
  /** Reset links per e-mail and hour; beyond, requests are accepted and quietly do nothing (no 429: no oracle). */
  resetRequestsPerHour: 5,
  /** Requests from one address (429 beyond). */
  resetRequestsPerAddress: { max: 20, windowSeconds: 60 * 60 },
  resetConfirmsPerAddress: { max: 20, windowSeconds: 15 * 60 },
  unlocksPerAddress: { max: 20, windowSeconds: 15 * 60 },
  enterpriseStartsPerAddress: { max: 30, windowSeconds: 15 * 60 },
  /** Second-step attempts (codes, passkeys, enrolment tokens) from one address. */
  secondStepPerAddress: { max: 60, windowSeconds: 15 * 60 },
} as const;

/**
 * The wait before a sign-in attempt is judged, from the failures of its (account, address) pair, its account and its
 * address (across e-mails).
 */
export function slowDownMs(pairFailures: number, accountFailures: number, addressFailures = 0): number {
  const pair =
    pairFailures >= LIMITS.pairSlowAfter
      ? Math.min((pairFailures - LIMITS.pairSlowAfter + 1) * LIMITS.slowDownStepMs, LIMITS.slowDownMaxMs)
      : 0;
  const account =
    accountFailures >= LIMITS.accountSlowAfter
      ? Math.min((accountFailures - LIMITS.accountSlowAfter + 1) * LIMITS.accountStepMs, LIMITS.accountMaxDelayMs)
      : 0;
  const address =
    addressFailures >= LIMITS.addressSlowAfter
      ? Math.min((addressFailures - LIMITS.addressSlowAfter + 1) * LIMITS.addressStepMs, LIMITS.addressMaxDelayMs)
      : 0;
  return Math.max(pair, account, address);
}

export interface Session {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  /** A contact's first-page token (page-tokens.ts), for its cookie beside the refresh cookie. */
  pageToken?: string;
}

/** The right password of a contact with a second step (or one its group requires): no session yet. */
export type SecondStepAnswer =
  | { mfaRequired: true; challenge: string; methods: ('totp' | 'recovery' | 'passkey')[] }
  | { mfaEnrolmentRequired: true; challenge: string };

interface Deps {
  database: Database;
  config: Config;
  tokens: AccessTokens;
  /** Signs a contact's first-page token with each session (absent: no first page is drawn by the server). */
  pages?: PageTokens;
  counters: AttemptCounters;
  mailer: Mailer;
  /** The wall clock (lib/clock.ts) that refresh tokens live and expire by. */
  now: () => Date;
  /** Told when a contact's sign-ins end, so this process stops accepting its old tokens at once. */
  principals?: PrincipalCache;
  /**
   * Ends the contact's other credentials in the transaction that changes its password (a calendar feed's URL is one:
   * whoever knew the old password may have made one).
   */
  calendarFeeds?: { revokeIn(tx: DbOrTx, contactId: number, at: Date): Promise<number> };
  /** Refuses passwords where a school group requires its single sign-on (school-sso.service.ts). */
  passwordPolicy?: { refusePasswordForAddress(email: string): Promise<void>; refusePasswordForContact(contactId: number): Promise<void> };
  /** The second step of a password sign-in (docs/decisions/027). */
  secondStep?: SecondStepService;
}

interface RequestMeta {
  ip: string;
  requestId: string;
}

/** How long after its rotation a refresh token still counts as the same browser's (decision 029), not as a stolen copy. */
const REFRESH_REUSE_INTERVAL_MS = 10_000;
const normalise = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `login:${ip}:${normalise(email)}`;
const accountKey = (email: string) => `login-account:${normalise(email)}`;
const addressKey = (ip: string) => `login-address:${ip}`;
const addressGapKey = (ip: string) => `login-address-turn:${ip}`;
const tooMany = (seconds: number) => authError('auth/too-many-attempts', { headers: { 'retry-after': String(Math.max(1, seconds)) } });

export class AuthService {
  constructor(private readonly deps: Deps) {}

  private get db() {
    return this.deps.database.db;
  }

  private get lifetime() {
    const a = this.deps.config.auth;
    return { idleSeconds: a.refreshIdleSeconds, absoluteSeconds: a.refreshAbsoluteSeconds };
  }

  private async session(
    subject: { kind: 'contact'; contactId: number } | { kind: 'staff'; staffUserId: number },
    family: { familyId: string; token: string },
  ): Promise<Session> {
    const signed = subject.kind === 'contact' ? { ...subject, version: await repo.tokenVersion(this.db, subject.contactId) } : subject;
    const accessToken = await this.deps.tokens.sign(signed, family.familyId);
    const pageToken =
      signed.kind === 'contact' && this.deps.pages
        ? await this.deps.pages.sign(
            { contactId: signed.contactId, familyId: family.familyId, version: signed.version },
            this.lifetime.idleSeconds,
          )
        : undefined;
    return { accessToken, expiresIn: this.deps.tokens.ttlSeconds, refreshToken: family.token, ...(pageToken ? { pageToken } : {}) };
  }

  async login(email: string, password: string, meta: RequestMeta): Promise<Session | SecondStepAnswer> {
    const { counters, config } = this.deps;
    const pair = pairKey(email, meta.ip);
    const account = accountKey(email);
    const address = addressKey(meta.ip);

    const locked = await counters.lockedFor(pair);
    if (locked > 0) throw tooMany(locked);
    await this.deps.passwordPolicy?.refusePasswordForAddress(email);

    // An address that failed often (spraying, or a pupil behind the school's one address) gets one attempt every
    // few seconds: an earlier one is not judged. Never a lock for the address: a teacher there gets in after the wait.
    const addressFailures = await counters.count(address, LIMITS.addressWindowSeconds);
    if (addressFailures >= LIMITS.addressSlowAfter) {
      const turn = await counters.consume(addressGapKey(meta.ip), LIMITS.addressGapSeconds);
      if (turn.count > 1) throw tooMany(turn.resetInSeconds);
    }

    // The wait comes before the password is judged, and the right password still gets in after it: a slow-down
    // that an attacker causes costs the real contact seconds, never the account.
    const delay = slowDownMs(
      await counters.count(pair, LIMITS.pairWindowSeconds),
      await counters.count(account, LIMITS.accountWindowSeconds),
      addressFailures,
    );
    if (delay > 0) await pause(delay);

    const contact = await repo.findContactByEmail(this.db, email);
    const ok = await verifyPassword(contact?.passwordHash, password);

    if (!ok || !contact) {
      const pairCount = await counters.hit(pair, LIMITS.pairWindowSeconds);
      const accountCount = await counters.hit(account, LIMITS.accountWindowSeconds);
      await counters.hit(address, LIMITS.addressWindowSeconds);
      if (accountCount === LIMITS.accountNoticeAfter) await this.sendUnlockLink(contact, email, meta);
      if (pairCount >= LIMITS.pairLockAfter) {
        await counters.lock(pair, LIMITS.pairLockSeconds);
        throw tooMany(LIMITS.pairLockSeconds);
      }
      if (!config.auth.revealUnknownAccount) throw authError('auth/invalid-credential');
      throw authError(contact ? 'auth/wrong-password' : 'auth/user-not-found');
    }

    await this.deps.passwordPolicy?.refusePasswordForContact(contact.id);
    // With a second step the pair's failures are kept until it is passed: the password alone does not wipe them.
    const next = await this.deps.secondStep?.afterPassword(contact.id);
    if (next?.kind === 'second-step') return { mfaRequired: true, challenge: next.challenge, methods: next.methods };
    if (next?.kind === 'enrolment') return { mfaEnrolmentRequired: true, challenge: next.challenge };

    await counters.reset(pair);
    const family = await repo.startFamily(this.db, { contactId: contact.id }, this.lifetime, this.deps.now());
    await repo.audit(this.db, { contactId: contact.id, action: 'auth.login', ip: meta.ip, requestId: meta.requestId });
    return this.session({ kind: 'contact', contactId: contact.id }, family);
  }

  /**
   * A per-address rate limit: 429 with Retry-After (the end of the window) beyond `max` uses in the window.
   * Counted in the database or Redis, so it holds across server processes.
   */
  private async limit(name: string, ip: string, rule: { max: number; windowSeconds: number }): Promise<void> {
    const { count, resetInSeconds } = await this.deps.counters.consume(`${name}:${ip}`, rule.windowSeconds);
    if (count > rule.max) throw authError('auth/too-many-requests', { headers: { 'retry-after': String(resetInSeconds) } });
  }

  /** Counts a start of the enterprise login from this address (each start makes a round trip to the issuer). */
  async enterpriseLoginStarted(meta: RequestMeta): Promise<void> {
    await this.limit('enterprise-start', meta.ip, LIMITS.enterpriseStartsPerAddress);
  }

  /** The staff user an enterprise sign-in is (staff-identity.ts), if any. */
  matchStaff(identity: ProviderIdentity) {
    return matchStaff(this.db, identity);
  }

  /** Starts a staff sign-in after the enterprise login vouched for the staff member. */
  async staffSession(staffUserId: number, meta: RequestMeta): Promise<Session> {
    const family = await repo.startFamily(this.db, { staffUserId }, this.lifetime, this.deps.now());
    await repo.audit(this.db, { staffUserId, action: 'auth.staff-login', ip: meta.ip, requestId: meta.requestId });
    return this.session({ kind: 'staff', staffUserId }, family);
  }

  async refresh(refreshToken: string | undefined, meta: RequestMeta): Promise<Session> {
    if (!refreshToken) throw new AppError('unauthorized', { detail: 'No sign-in to refresh.' });
    const ended = () => new AppError('unauthorized', { detail: 'Your sign-in has ended. Please sign in again.' });
    // The transaction only rotates; refusals (and the revocation on reuse) happen after it, so a refusal
    // cannot roll the revocation back.
    const outcome = await this.db.transaction(async (tx) => {
      const row = await repo.findRefreshTokenForUpdate(tx, refreshToken);
      if (!row || row.revokedAt) return { kind: 'ended' as const };
      if (row.rotatedAt) {
        // Presented again more than a few seconds after its rotation: a copy of it is in someone else's hands.
        if (this.deps.now().getTime() - row.rotatedAt.getTime() > REFRESH_REUSE_INTERVAL_MS) return { kind: 'reused' as const, row };
        // Within those seconds it is taken for the same browser: a second tab refreshing at once, or a page reloaded while its
        // refresh was under way, whose answer (and the new cookie) never arrived. The family's current token is
        // rotated in its stead, so the browser goes on with one live token (decision 029).
        const live = await repo.findLiveTokenIssuedSinceForUpdate(tx, row.familyId, row.rotatedAt);
        if (!live || live.expiresAt.getTime() <= this.deps.now().getTime()) return { kind: 'ended' as const };
        const token = await repo.rotateRefreshToken(tx, live, this.lifetime, this.deps.now());
        return { kind: 'rotated' as const, row: live, token };
      }
      if (row.expiresAt.getTime() <= this.deps.now().getTime()) return { kind: 'expired' as const };
      const token = await repo.rotateRefreshToken(tx, row, this.lifetime, this.deps.now());
      return { kind: 'rotated' as const, row, token };
    });
    switch (outcome.kind) {
      case 'ended':
        throw ended();
      case 'expired':
        throw new AppError('unauthorized', { detail: 'Your sign-in has expired. Please sign in again.' });
      case 'reused': {
        const { row } = outcome;
        await repo.revokeFamily(this.db, row.familyId, this.deps.now());
        // The access tokens already issued from this sign-in end now too, not when they expire.
        this.deps.principals?.forgetFamily(row.familyId);
        await repo.audit(this.db, {
          contactId: row.contactId,
          staffUserId: row.staffUserId,
          action: 'auth.refresh-reuse',
          details: { familyId: row.familyId },
          ip: meta.ip,
          requestId: meta.requestId,
        });
        throw ended();
      }
      case 'rotated': {
        const { row, token } = outcome;
        const subject = row.contactId
          ? ({ kind: 'contact', contactId: row.contactId } as const)
          : ({ kind: 'staff', staffUserId: row.staffUserId! } as const);
        return this.session(subject, { familyId: row.familyId, token });
      }
    }
  }

  /**
   * Sign-out from the refresh cookie and the bearer token the request carried, if any: the token's sign-in (its
   * refresh family, and for a contact the contact's cached principal) ends with the cookie's.
   */
  async signOut(refreshToken: string | undefined, bearer: string | undefined): Promise<void> {
    const claims = bearer ? await this.deps.tokens.verify(bearer) : undefined;
    await this.logout(
      refreshToken,
      claims?.kind === 'contact'
        ? { contactId: claims.contactId, familyId: claims.familyId }
        : claims
          ? { familyId: claims.familyId, staffUserId: claims.staffUserId }
          : undefined,
    );
  }

  async logout(
    refreshToken: string | undefined,
    principal: { contactId?: number; familyId?: string; staffUserId?: number } | undefined,
  ): Promise<void> {
    await this.db
      .transaction(async (tx) => {
        const row = refreshToken ? await repo.findRefreshTokenForUpdate(tx, refreshToken) : undefined;
        const familyId = row?.familyId ?? principal?.familyId;
        if (familyId) await repo.revokeFamily(tx, familyId, this.deps.now());
        const staffUserId = row?.staffUserId ?? principal?.staffUserId;
        if (staffUserId && familyId) {
          // A staff member's sign-out ends every impersonation made in that sign-in: each gets its end in the trail.
          for (const contactId of await repo.impersonatedInFamily(tx, familyId)) {
            await repo.audit(tx, { contactId, staffUserId, action: 'impersonation.ended', details: { familyId } });
          }
          await repo.audit(tx, { staffUserId, action: 'staff.signed-out', details: { familyId } });
        }
        const contactId = row?.contactId ?? principal?.contactId;
        if (contactId) {
          await repo.endAccessTokens(tx, contactId);
          await repo.audit(tx, { contactId, action: 'auth.logout' });
        }
        return { contactId, familyId };
      })
      .then(({ contactId, familyId }) => {
        if (contactId) this.deps.principals?.forget(contactId);
        // The sign-in's streams and tokens (a staff member's too) end now in every process.
        if (familyId) this.deps.principals?.forgetFamily(familyId);
      });
  }

  /**
   * Known and unknown e-mails take the same path: the same queries, a reset-link insert that matches no contact
   * for an unknown one, and a queued mail that for an unknown one is a stand-in the worker drops. Sending happens
   * later in the mail worker, so neither the answer nor its time depends on the account or on the mail server.
   */
  async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
    await this.limit('reset-request', meta.ip, LIMITS.resetRequestsPerAddress);
    const contact = await repo.findContactByEmail(this.db, email);
    if (!contact && this.deps.config.auth.revealUnknownAccount) throw authError('auth/user-not-found');
    // Against mail bombing: a few links an hour per e-mail; beyond that, quietly nothing.
    const sent = await this.deps.counters.hit(`reset:${normalise(email)}`, 3600);
    if (sent > LIMITS.resetRequestsPerHour) return;
    const token = await repo.createResetToken(this.db, email, LIMITS.resetLinkMinutes);
    const mail = await passwordResetMail({
      ...this.reader(contact, email),
      resetUrl: this.linkWith(PORTAL_PATHS.resetPassword, token),
      minutes: LIMITS.resetLinkMinutes,
    });
    await this.deps.mailer.queue(mail, { secret: true, noop: !contact });
    await repo.audit(this.db, {
      contactId: contact?.id ?? null,
      action: 'auth.password-reset-requested',
      ip: meta.ip,
      requestId: meta.requestId,
    });
  }

  async confirmPasswordReset(token: string, newPassword: string, meta: RequestMeta): Promise<void> {
    await this.limit('reset-confirm', meta.ip, LIMITS.resetConfirmsPerAddress);
    // The link first: a dead link costs no password hash, and its answer carries no hashing time.
    if (!(await repo.findResetToken(this.db, token))) throw authError('auth/link-expired');
    if (isCommonPassword(newPassword)) throw authError('auth/common-password', { field: 'newPassword' });
    const passwordHash = await hashPassword(newPassword);
    const contactId = await this.db.transaction(async (tx) => {
      // Used up here, in the transaction: of two confirms racing with one link, only one sets a password.
      const row = await repo.consumeResetToken(tx, token);
      if (!row) throw authError('auth/link-expired');
      await repo.setPassword(tx, row.contactId, passwordHash, this.deps.now());
      await repo.endAccessTokens(tx, row.contactId);
      await repo.revokeContactFamilies(tx, row.contactId, this.deps.now());
      await this.deps.calendarFeeds?.revokeIn(tx, row.contactId, this.deps.now());
      await repo.endResetTokens(tx, row.contactId);
      // Following the e-mailed link proves the mailbox: it also lifts an account's slow-down.
      await repo.clearUnlockToken(tx, row.contactId);
      await repo.audit(tx, { contactId: row.contactId, action: 'auth.password-reset', ip: meta.ip, requestId: meta.requestId });
      return row.contactId;
    });
    this.deps.principals?.forget(contactId);
    const contact = await repo.findContactAuthState(this.db, contactId);
    if (contact) await this.deps.counters.reset(accountKey(contact.email));
  }

  async changePassword(
    principal: { contactId: number; familyId: string; impersonating: boolean },
    currentPassword: string,
    newPassword: string,
    meta: RequestMeta,
  ): Promise<Session> {
    if (principal.impersonating) throw authError('auth/impersonation-forbidden');
    const contact = await repo.findContactAuthState(this.db, principal.contactId);
    if (!contact || !(await verifyPassword(contact.passwordHash, currentPassword))) {
      throw authError('auth/wrong-current-password', { field: 'currentPassword' });
    }
    if (isCommonPassword(newPassword)) throw authError('auth/common-password', { field: 'newPassword' });
    const passwordHash = await hashPassword(newPassword);
    const version = await this.db.transaction(async (tx) => {
      await repo.setPassword(tx, contact.id, passwordHash, this.deps.now());
      const next = await repo.endAccessTokens(tx, contact.id);
      await repo.revokeContactFamilies(tx, contact.id, this.deps.now(), principal.familyId);
      await this.deps.calendarFeeds?.revokeIn(tx, contact.id, this.deps.now());
      // A reset link asked for before the change (perhaps by whoever knew the old password) must not undo it.
      await repo.endResetTokens(tx, contact.id);
      await repo.audit(tx, { contactId: contact.id, action: 'auth.password-changed', ip: meta.ip, requestId: meta.requestId });
      return next;
    });
    this.deps.principals?.forget(contact.id);
    // This sign-in goes on with a fresh access token; every other one has ended.
    const accessToken = await this.deps.tokens.sign({ kind: 'contact', contactId: contact.id, version }, principal.familyId);
    // Its first-page token too: the one the browser holds names the old version.
    const pageToken = await this.deps.pages?.sign(
      { contactId: contact.id, familyId: principal.familyId, version },
      this.lifetime.idleSeconds,
    );
    return { accessToken, expiresIn: this.deps.tokens.ttlSeconds, refreshToken: '', ...(pageToken ? { pageToken } : {}) };
  }

  /** Follows an e-mailed unlock link (once, within 24 hours): the account's sign-ins are no longer slowed down. */
  async unlock(token: string, meta: RequestMeta): Promise<void> {
    await this.limit('unlock', meta.ip, LIMITS.unlocksPerAddress);
    const contact = await repo.consumeUnlockToken(this.db, token);
    if (!contact) throw authError('auth/link-expired');
    await this.deps.counters.reset(accountKey(contact.email));
    await repo.audit(this.db, { contactId: contact.id, action: 'auth.unlocked', ip: meta.ip, requestId: meta.requestId });
  }

  private get secondStep(): SecondStepService {
    if (!this.deps.secondStep) throw new Error('the second step is not configured');
    return this.deps.secondStep;
  }

  /**
   * The second step of a password sign-in: a code (TOTP or recovery) or a passkey against the challenge the password
   * answered. It goes through the same per (account, address), account and address counters as the password: a
   * wrong code is a failed sign-in (slowed down, then the pair is locked). The right one completes the sign-in as
   * the password alone does, the challenge used up in the same transaction.
   */
  async verifySecondStep(challenge: string, proof: SecondStepProof, meta: RequestMeta): Promise<Session> {
    const { counters } = this.deps;
    await this.limit('second-step', meta.ip, LIMITS.secondStepPerAddress);
    const contactId = await this.secondStep.peek(challenge, 'second-step');
    const contact = contactId === undefined ? undefined : await repo.findContactAuthState(this.db, contactId);
    if (!contact) throw secondStepError('auth/mfa-challenge-invalid', 'challenge');
    const pair = pairKey(contact.email, meta.ip);
    const account = accountKey(contact.email);
    const locked = await counters.lockedFor(pair);
    if (locked > 0) throw tooMany(locked);
    const delay = slowDownMs(
      await counters.count(pair, LIMITS.pairWindowSeconds),
      await counters.count(account, LIMITS.accountWindowSeconds),
      await counters.count(addressKey(meta.ip), LIMITS.addressWindowSeconds),
    );
    if (delay > 0) await pause(delay);

    const outcome = await this.db.transaction(async (tx) => {
      const passed = await this.secondStep.completeIn(tx, challenge, proof);
      if (passed !== contact.id) return passed === undefined ? ('dead' as const) : ('wrong' as const);
      const family = await repo.startFamily(tx, { contactId: contact.id }, this.lifetime, this.deps.now());
      const method = 'code' in proof ? 'code' : 'passkey';
      await repo.audit(tx, {
        contactId: contact.id,
        action: 'auth.login',
        details: { secondStep: method },
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return family;
    });
    if (outcome === 'dead') throw secondStepError('auth/mfa-challenge-invalid', 'challenge');
    if (outcome === 'wrong') {
      const pairCount = await counters.hit(pair, LIMITS.pairWindowSeconds);
      await counters.hit(account, LIMITS.accountWindowSeconds);
      await counters.hit(addressKey(meta.ip), LIMITS.addressWindowSeconds);
      await repo.audit(this.db, { contactId: contact.id, action: 'auth.second-step-failed', ip: meta.ip, requestId: meta.requestId });
      if (pairCount >= LIMITS.pairLockAfter) {
        await counters.lock(pair, LIMITS.pairLockSeconds);
        throw tooMany(LIMITS.pairLockSeconds);
      }
      throw secondStepError('code' in proof ? 'auth/mfa-code-invalid' : 'auth/mfa-passkey-invalid', 'code' in proof ? 'code' : 'passkey');
    }
    await counters.reset(pair);
    return this.session({ kind: 'contact', contactId: contact.id }, outcome);
  }

  /** The contact of a live enrolment token (its group requires a second step it has not set up). */
  private async enrolmentContact(challenge: string, meta: RequestMeta) {
    await this.limit('second-step', meta.ip, LIMITS.secondStepPerAddress);
    const contactId = await this.secondStep.peek(challenge, 'enrolment');
    const contact = contactId === undefined ? undefined : await repo.findContactAuthState(this.db, contactId);
    if (!contact) throw secondStepError('auth/mfa-challenge-invalid', 'challenge');
    return contact;
  }

  /** Begins setting up an authenticator app with an enrolment token instead of a sign-in. */
  async enrolWithChallenge(challenge: string, meta: RequestMeta) {
    const contact = await this.enrolmentContact(challenge, meta);
    return this.secondStep.enrol(contact.id, contact.email);
  }

  /**
   * Confirms the app with an enrolment token: recovery codes, and the sign-in the password began (the token used up
   * in the same transaction). A wrong code counts as a failed sign-in.
   */
  async confirmEnrolment(challenge: string, code: string, meta: RequestMeta): Promise<Session & { recoveryCodes: string[] }> {
    const contact = await this.enrolmentContact(challenge, meta);
    const pair = pairKey(contact.email, meta.ip);
    const locked = await this.deps.counters.lockedFor(pair);
    if (locked > 0) throw tooMany(locked);
    try {
      const { family, recoveryCodes } = await this.db.transaction(async (tx) => {
        const live = await this.secondStep.consumeIn(tx, challenge, 'enrolment');
        if (live !== contact.id) throw secondStepError('auth/mfa-challenge-invalid', 'challenge');
        const codes = await this.secondStep.confirmIn(tx, contact.id, code);
        const started = await repo.startFamily(tx, { contactId: contact.id }, this.lifetime, this.deps.now());
        await repo.audit(tx, { contactId: contact.id, action: 'auth.second-step-enrolled', ip: meta.ip, requestId: meta.requestId });
        await repo.audit(tx, {
          contactId: contact.id,
          action: 'auth.login',
          details: { secondStep: 'enrolment' },
          ip: meta.ip,
          requestId: meta.requestId,
        });
        return { family: started, recoveryCodes: codes };
      });
      await this.deps.counters.reset(pair);
      return { ...(await this.session({ kind: 'contact', contactId: contact.id }, family)), recoveryCodes };
    } catch (error) {
      if (error instanceof AppError && error.code === 'auth/mfa-code-incorrect') await this.countSecondStepFailure(contact.email, meta);
      throw error;
    }
  }

  private async countSecondStepFailure(email: string, meta: RequestMeta): Promise<void> {
    const pairCount = await this.deps.counters.hit(pairKey(email, meta.ip), LIMITS.pairWindowSeconds);
    await this.deps.counters.hit(accountKey(email), LIMITS.accountWindowSeconds);
    if (pairCount >= LIMITS.pairLockAfter) await this.deps.counters.lock(pairKey(email, meta.ip), LIMITS.pairLockSeconds);
  }

  /** Signed in: begins setting up an authenticator app (not while impersonating). */
  async enrolTotp(principal: { contactId: number; impersonating: boolean }) {
    if (principal.impersonating) throw authError('auth/impersonation-forbidden');
    const contact = await repo.findContactAuthState(this.db, principal.contactId);
    if (!contact) throw new AppError('unauthorized');
    return this.secondStep.enrol(contact.id, contact.email);
  }

  /** Signed in: confirms the app with its first code; answers the recovery codes, shown this once. */
  async confirmTotp(principal: { contactId: number; impersonating: boolean }, code: string, meta: RequestMeta): Promise<string[]> {
    if (principal.impersonating) throw authError('auth/impersonation-forbidden');
    const contact = await repo.findContactAuthState(this.db, principal.contactId);
    if (!contact) throw new AppError('unauthorized');
    const pair = pairKey(contact.email, meta.ip);
    const locked = await this.deps.counters.lockedFor(pair);
    if (locked > 0) throw tooMany(locked);
    try {
      return await this.db.transaction(async (tx) => {
        const codes = await this.secondStep.confirmIn(tx, contact.id, code);
        await repo.audit(tx, { contactId: contact.id, action: 'auth.second-step-enrolled', ip: meta.ip, requestId: meta.requestId });
        return codes;
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'auth/mfa-code-incorrect') await this.countSecondStepFailure(contact.email, meta);
      throw error;
    }
  }

  /** Removes the authenticator app: the password and a code (or recovery code) both needed. */
  async removeTotp(principal: { contactId: number; impersonating: boolean }, password: string, code: string, meta: RequestMeta) {
    if (principal.impersonating) throw authError('auth/impersonation-forbidden');
    const contact = await this.checkPassword(principal.contactId, password, meta);
    const removed = await this.db.transaction(async (tx) => {
      const ok = await this.secondStep.removeIn(tx, contact.id, code);
      if (ok) await repo.audit(tx, { contactId: contact.id, action: 'auth.second-step-removed', ip: meta.ip, requestId: meta.requestId });
      return ok;
    });
    if (!removed) {
      await this.countSecondStepFailure(contact.email, meta);
      throw secondStepError('auth/mfa-code-incorrect', 'code');
    }
  }

  /** Removes a passkey: the password needed. One already gone (another tab, a double click) is not an error. */
  async removePasskey(principal: { contactId: number; impersonating: boolean }, id: string, password: string, meta: RequestMeta) {
    if (principal.impersonating) throw authError('auth/impersonation-forbidden');
    const contact = await this.checkPassword(principal.contactId, password, meta);
    if (!(await this.secondStep.removePasskey(contact.id, id))) return;
    await repo.audit(this.db, {
      contactId: contact.id,
      action: 'auth.passkey-removed',
      details: { id },
      ip: meta.ip,
      requestId: meta.requestId,
    });
  }

  /** The signed-in contact's password, checked under the sign-in's counters (a wrong one counts as a failure). */
  private async checkPassword(contactId: number, password: string, meta: RequestMeta) {
    const contact = await repo.findContactAuthState(this.db, contactId);
    if (!contact) throw new AppError('unauthorized');
    const locked = await this.deps.counters.lockedFor(pairKey(contact.email, meta.ip));
    if (locked > 0) throw tooMany(locked);
    if (!(await verifyPassword(contact.passwordHash, password))) {
      await this.countSecondStepFailure(contact.email, meta);
      throw authError('auth/wrong-current-password', { field: 'password' });
    }
    return contact;
  }

  /** Tells the contact that its account is under attack; an unknown e-mail queues the stand-in instead. */
  private async sendUnlockLink(
    contact: { id: number; email: string; firstName: string; language: string } | undefined,
    email: string,
    meta: RequestMeta,
  ): Promise<void> {
    const { token, hash } = repo.newSecret();
    if (contact) await repo.setUnlockToken(this.db, contact.id, hash, LIMITS.unlockLinkHours);
    const mail = await signInSlowedMail({
      ...this.reader(contact, email),
      unlockUrl: this.linkWith(PORTAL_PATHS.unlock, token),
      hours: LIMITS.unlockLinkHours,
    });
    await this.deps.mailer.queue(mail, { secret: true, noop: !contact });
    if (contact)
      await repo.audit(this.db, { contactId: contact.id, action: 'auth.account-slowed', ip: meta.ip, requestId: meta.requestId });
  }

  /**
   * Who a link mail goes to, in their locale; for an unknown e-mail (whose mail is a stand-in never sent) the same
   * work with the international defaults.
   */
  private reader(contact: { email: string; firstName: string; language: string } | undefined, email: string) {
    return {
      to: contact?.email ?? email,
      locale: contact?.language ?? 'en',
      origin: this.deps.config.publicOrigin,
      firstName: contact?.firstName ?? '',
    };
  }

  /** A page of the portal that takes the e-mailed secret as its `token`. */
  private linkWith(path: string, token: string): string {
    return portalUrl(this.deps.config.publicOrigin, `${path}?token=${encodeURIComponent(token)}`);
  }
}
