import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '@portal/db/client';
import type { Config } from '../../config';
import type { Mailer } from '../../lib/mailer';
import { AppError } from '../../lib/app-error';
import type { AccessTokens } from './access-tokens';
import type { AttemptCounters } from './attempt-counters';
import { authError } from './auth-errors';
import * as repo from './identity.repository';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';
import type { PrincipalCache } from './principal-cache';

/**
 * Sign-in, refresh, sign-out and passwords.
 *
 * Brute force without locking real users out: per (account, client IP) answers slow down after 5 failures and
 * that pair is locked for 15 minutes after 10 within 15 minutes; per account from all IPs, 100 failures in an
 * hour lock the account until the contact follows an unlock link sent by e-mail. Unknown e-mails go through the
 * same steps (and the same password-hash time), so answers never tell which accounts exist.
 */

export const LIMITS = {
  pairWindowSeconds: 15 * 60,
  pairSlowAfter: 5,
  pairLockAfter: 10,
  pairLockSeconds: 15 * 60,
  accountWindowSeconds: 60 * 60,
  accountLockAfter: 100,
  /** An account lock for an unknown e-mail has no link to lift it; it just expires. */
  accountLockSeconds: 30 * 24 * 60 * 60,
  resetLinkMinutes: 60,
  resetRequestsPerHour: 5,
  slowDownStepMs: 400,
  slowDownMaxMs: 3000,
} as const;

export interface Session {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
}

interface Deps {
  database: Database;
  config: Config;
  tokens: AccessTokens;
  counters: AttemptCounters;
  mailer: Mailer;
  /** Told when a contact's sign-ins end, so this process stops accepting its old tokens at once. */
  principals?: PrincipalCache;
}

interface RequestMeta {
  ip: string;
  requestId: string;
}

const normalise = (email: string) => email.trim().toLowerCase();
const pairKey = (email: string, ip: string) => `login:${ip}:${normalise(email)}`;
const accountKey = (email: string) => `login-account:${normalise(email)}`;

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
    const accessToken = await this.deps.tokens.sign(subject, family.familyId);
    return { accessToken, expiresIn: this.deps.tokens.ttlSeconds, refreshToken: family.token };
  }

  async login(email: string, password: string, meta: RequestMeta): Promise<Session> {
    const { counters, config } = this.deps;
    const pair = pairKey(email, meta.ip);
    const account = accountKey(email);

    const pairLocked = await counters.lockedFor(pair);
    if (pairLocked > 0) throw authError('auth/too-many-attempts', { headers: { 'retry-after': String(pairLocked) } });

    const failures = await counters.count(pair, LIMITS.pairWindowSeconds);
    if (failures >= LIMITS.pairSlowAfter) {
      await sleep(Math.min((failures - LIMITS.pairSlowAfter + 1) * LIMITS.slowDownStepMs, LIMITS.slowDownMaxMs));
    }

    const contact = await repo.findContactByEmail(this.db, email);
    const ok = await verifyPassword(contact?.passwordHash, password);
    const accountLocked = (await counters.lockedFor(account)) > 0;
    if (accountLocked) throw authError('auth/account-locked');

    if (!ok || !contact) {
      const pairCount = await counters.hit(pair, LIMITS.pairWindowSeconds);
      const accountCount = await counters.hit(account, LIMITS.accountWindowSeconds);
      if (accountCount >= LIMITS.accountLockAfter) {
        await counters.lock(account, LIMITS.accountLockSeconds);
        if (contact) await this.sendUnlockLink(contact.id, contact.email, meta);
        throw authError('auth/account-locked');
      }
      if (pairCount >= LIMITS.pairLockAfter) {
        await counters.lock(pair, LIMITS.pairLockSeconds);
        throw authError('auth/too-many-attempts', { headers: { 'retry-after': String(LIMITS.pairLockSeconds) } });
      }
      if (!config.auth.revealUnknownAccount) throw authError('auth/invalid-credential');
      throw authError(contact ? 'auth/wrong-password' : 'auth/user-not-found');
    }

    await counters.reset(pair);
    const family = await repo.startFamily(this.db, { contactId: contact.id }, this.lifetime);
    await repo.audit(this.db, { contactId: contact.id, action: 'auth.login', ip: meta.ip, requestId: meta.requestId });
    return this.session({ kind: 'contact', contactId: contact.id }, family);
  }

  /** Starts a staff sign-in after the enterprise login vouched for the staff member. */
  async staffSession(staffUserId: number, meta: RequestMeta): Promise<Session> {
    const family = await repo.startFamily(this.db, { staffUserId }, this.lifetime);
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
        // Two tabs refreshing at once is not theft: within a few seconds the other tab's cookie is already new.
        const theft = Date.now() - row.rotatedAt.getTime() > 10_000;
        return { kind: theft ? ('reused' as const) : ('ended' as const), row };
      }
      if (row.expiresAt.getTime() <= Date.now()) return { kind: 'expired' as const };
      const token = await repo.rotateRefreshToken(tx, row, this.lifetime);
      return { kind: 'rotated' as const, row, token };
    });
    switch (outcome.kind) {
      case 'ended':
        throw ended();
      case 'expired':
        throw new AppError('unauthorized', { detail: 'Your sign-in has expired. Please sign in again.' });
      case 'reused': {
        const { row } = outcome;
        await repo.revokeFamily(this.db, row.familyId);
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

  async logout(refreshToken: string | undefined, principal: { contactId?: number; familyId?: string } | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = refreshToken ? await repo.findRefreshTokenForUpdate(tx, refreshToken) : undefined;
      const familyId = row?.familyId ?? principal?.familyId;
      if (familyId) await repo.revokeFamily(tx, familyId);
      const contactId = row?.contactId ?? principal?.contactId;
      if (contactId) {
        await repo.endAccessTokens(tx, contactId);
        await repo.audit(tx, { contactId, action: 'auth.logout' });
      }
      return contactId;
    }).then((contactId) => {
      if (contactId) this.deps.principals?.forget(contactId);
    });
  }

  async requestPasswordReset(email: string, meta: RequestMeta): Promise<void> {
    const contact = await repo.findContactByEmail(this.db, email);
    if (!contact) {
      if (this.deps.config.auth.revealUnknownAccount) throw authError('auth/user-not-found');
      return;
    }
    // Against mail bombing: a few links an hour per account; beyond that, quietly nothing.
    const sent = await this.deps.counters.hit(`reset:${normalise(email)}`, 3600);
    if (sent > LIMITS.resetRequestsPerHour) return;
    const token = await repo.createResetToken(this.db, contact.id, LIMITS.resetLinkMinutes);
    const link = `${this.deps.config.publicOrigin}/reset-password?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: contact.email,
      subject: 'Reset your Client Portal password',
      text:
        `Hello ${contact.firstName},\n\nSomeone (we hope you) asked to reset the password of your Client Portal account.\n` +
        `Follow this link within ${LIMITS.resetLinkMinutes} minutes to choose a new one:\n\n${link}\n\n` +
        'If you did not ask for this, ignore this e-mail: your password stays as it is.\n',
      html:
        `<p>Hello ${escapeHtml(contact.firstName)},</p><p>Someone (we hope you) asked to reset the password of your Client Portal account.</p>` +
        `<p><a href="${escapeHtml(link)}">Choose a new password</a> within ${LIMITS.resetLinkMinutes} minutes.</p>` +
        '<p>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
    });
    await repo.audit(this.db, { contactId: contact.id, action: 'auth.password-reset-requested', ip: meta.ip, requestId: meta.requestId });
  }

  async confirmPasswordReset(token: string, newPassword: string, meta: RequestMeta): Promise<void> {
    if (isCommonPassword(newPassword)) throw authError('auth/common-password', { field: 'newPassword' });
    const passwordHash = await hashPassword(newPassword);
    const contactId = await this.db.transaction(async (tx) => {
      const row = await repo.consumeResetToken(tx, token);
      if (!row) throw authError('auth/link-expired');
      await repo.setPassword(tx, row.contactId, passwordHash);
      await repo.endAccessTokens(tx, row.contactId);
      await repo.revokeContactFamilies(tx, row.contactId);
      // Following the e-mailed link proves the mailbox: it also lifts an account lock.
      await repo.setUnlockToken(tx, row.contactId, null);
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
    await this.db.transaction(async (tx) => {
      await repo.setPassword(tx, contact.id, passwordHash);
      await repo.endAccessTokens(tx, contact.id);
      await repo.revokeContactFamilies(tx, contact.id, principal.familyId);
      await repo.audit(tx, { contactId: contact.id, action: 'auth.password-changed', ip: meta.ip, requestId: meta.requestId });
    });
    this.deps.principals?.forget(contact.id);
    // This sign-in goes on with a fresh access token; every other one has ended.
    const accessToken = await this.deps.tokens.sign({ kind: 'contact', contactId: contact.id }, principal.familyId);
    return { accessToken, expiresIn: this.deps.tokens.ttlSeconds, refreshToken: '' };
  }

  async unlock(token: string, meta: RequestMeta): Promise<void> {
    const contact = await repo.findContactByUnlockToken(this.db, token);
    if (!contact) throw authError('auth/link-expired');
    await repo.setUnlockToken(this.db, contact.id, null);
    await this.deps.counters.reset(accountKey(contact.email));
    await repo.audit(this.db, { contactId: contact.id, action: 'auth.unlocked', ip: meta.ip, requestId: meta.requestId });
  }

  private async sendUnlockLink(contactId: number, email: string, meta: RequestMeta): Promise<void> {
    const { token, hash } = repo.newSecret();
    await repo.setUnlockToken(this.db, contactId, hash);
    const link = `${this.deps.config.publicOrigin}/unlock?token=${encodeURIComponent(token)}`;
    await this.deps.mailer.send({
      to: email,
      subject: 'Your Client Portal account has been locked',
      text:
        'There were too many failed attempts to sign in to your Client Portal account, so we have locked it to keep it safe.\n' +
        `Follow this link to unlock it:\n\n${link}\n\nIf the attempts were not yours, consider changing your password afterwards.\n`,
      html:
        '<p>There were too many failed attempts to sign in to your Client Portal account, so we have locked it to keep it safe.</p>' +
        `<p><a href="${escapeHtml(link)}">Unlock my account</a></p><p>If the attempts were not yours, consider changing your password afterwards.</p>`,
    });
    await repo.audit(this.db, { contactId, action: 'auth.account-locked', ip: meta.ip, requestId: meta.requestId });
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
