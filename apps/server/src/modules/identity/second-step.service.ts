import { randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import type { Database, DbOrTx } from '@portal/db/client';
import {
  isRecoveryCode,
  isTotpCode,
  normaliseSecondStepCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  SECOND_STEP_CHALLENGE_SECONDS,
  SECOND_STEP_ERRORS,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type SecondStepErrorCode,
  type SecondStepRequirement,
  type SecondStepStatus,
} from '@portal/contract/second-step';
import { AppError } from '../../lib/app-error';
import { openSecret, sealSecret } from '../../lib/mail-secret';
import type { ServerKeys } from '../../lib/secrets';
import { hashSecret } from './identity.repository';
import * as repo from './second-step.repository';

/**
 * The second step of a password sign-in (docs/decisions/027): an authenticator app (TOTP), its recovery codes, and
 * passkeys. It decides whether a code or an assertion is right and uses it up; AuthService counts failures and starts
 * the sign-in, in the transaction that consumes the challenge.
 */

/** Codes of the step before and after the current one are accepted too (a phone's clock a little off). */
const TOTP_TOLERANCE_SECONDS = 30;
const ISSUER = 'Client portal';

export function secondStepError(code: SecondStepErrorCode, field?: string): AppError {
  const kind = SECOND_STEP_ERRORS[code];
  return new AppError(
    { code, status: kind.status, title: kind.title },
    { detail: kind.text, errors: field ? { [field]: [kind.text] } : undefined },
  );
}

export type SecondStepProof = { code: string } | { passkey: PasskeyAssertion };

interface Deps {
  database: Database;
  keys: ServerKeys;
  publicOrigin: string;
  /** The wall clock: challenges and codes are security lifetimes (lib/clock.ts). */
  now: () => Date;
}

export class SecondStepService {
  private readonly rpID: string;

  constructor(private readonly deps: Deps) {
    this.rpID = new URL(deps.publicOrigin).hostname;
  }

  private get db() {
    return this.deps.database.db;
  }

  /** A TOTP secret sealed as it is stored (the demo account's, made at start). */
  sealSecret(secret: string): string {
    return this.seal(secret);
  }

  private seal(secret: string): string {
    return sealSecret(this.deps.keys.signing('totp-secret'), secret);
  }

  private open(sealed: string): string {
    return openSecret(this.deps.keys.all('totp-secret'), sealed);
  }

  private expiry(): Date {
    return new Date(this.deps.now().getTime() + SECOND_STEP_CHALLENGE_SECONDS * 1000);
  }

  /** A new single-use challenge bound to the contact; the token is handed out, its hash kept. */
  async issue(db: DbOrTx, contactId: number, purpose: repo.ChallengePurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await repo.deleteDeadChallenges(db, contactId, this.deps.now());
    await repo.insertChallenge(db, { token, contactId, purpose, expiresAt: this.expiry() });
    return token;
  }

  /**
   * What the right password leads to for this contact: nothing more (no second step set up, none required), a second
   * step (with the methods it has), or an enrolment first (its group requires one and none is set up).
   */
  async afterPassword(
    contactId: number,
  ): Promise<
    | { kind: 'none' }
    | { kind: 'second-step'; challenge: string; methods: ('totp' | 'recovery' | 'passkey')[] }
    | { kind: 'enrolment'; challenge: string }
  > {
    const methods = await repo.methodsOf(this.db, contactId);
    if (methods.totp || methods.passkeys) {
      const list = [
        ...(methods.totp ? (['totp'] as const) : []),
        ...(methods.recovery ? (['recovery'] as const) : []),
        ...(methods.passkeys ? (['passkey'] as const) : []),
      ];
      return { kind: 'second-step', challenge: await this.issue(this.db, contactId, 'second-step'), methods: list };
    }
    if (await repo.groupRequiresSecondStep(this.db, contactId)) {
      return { kind: 'enrolment', challenge: await this.issue(this.db, contactId, 'enrolment') };
    }
    return { kind: 'none' };
  }

  /** The contact a live challenge belongs to (no lock, nothing used): for the counters before the step is judged. */
  async peek(token: string, purpose: repo.ChallengePurpose): Promise<number | undefined> {
    return (await repo.liveChallengeForUpdate(this.db, token, purpose, this.deps.now()))?.contactId;
  }

  /**
   * Judges the second step inside the caller's transaction: on success the challenge, the code's time step or the
   * recovery code are used up there and the contact is answered; `undefined` when the challenge is dead, `false` when
   * the proof is wrong (nothing used).
   */
  async completeIn(tx: DbOrTx, token: string, proof: SecondStepProof): Promise<number | false | undefined> {
    const at = this.deps.now();
    const challenge = await repo.liveChallengeForUpdate(tx, token, 'second-step', at);
    if (!challenge) return undefined;
    const ok =
      'code' in proof
        ? await this.useCode(tx, challenge.contactId, proof.code)
        : await this.usePasskey(tx, challenge.contactId, challenge.webauthnChallenge, proof.passkey);
    if (!ok) return false;
    if (!(await repo.consumeChallenge(tx, challenge.idHash, at))) return undefined;
    return challenge.contactId;
  }

  /** Uses a live challenge of the purpose up inside the caller's transaction; answers its contact, or undefined. */
  async consumeIn(tx: DbOrTx, token: string, purpose: repo.ChallengePurpose): Promise<number | undefined> {
    const at = this.deps.now();
    const challenge = await repo.liveChallengeForUpdate(tx, token, purpose, at);
    if (!challenge || !(await repo.consumeChallenge(tx, challenge.idHash, at))) return undefined;
    return challenge.contactId;
  }

  /** A TOTP code (once per time step) or an unused recovery code of the contact. */
  private async useCode(tx: DbOrTx, contactId: number, typed: string): Promise<boolean> {
    const code = normaliseSecondStepCode(typed);
    if (isRecoveryCode(code)) return repo.useRecoveryCode(tx, contactId, code, this.deps.now());
    if (!isTotpCode(code)) return false;
    const totp = await repo.findTotp(tx, contactId);
    if (!totp?.confirmedAt) return false;
    const step = await this.totpStep(totp, code);
    return step !== undefined && repo.acceptTimeStep(tx, contactId, step);
  }

  /** The time step a code belongs to, when it is right and later than the last one accepted. */
  private async totpStep(totp: { secretSealed: string; lastTimeStep: number | null; contactId: number }, code: string) {
    let secret: string;
    try {
      secret = this.open(totp.secretSealed);
    } catch {
      // Sealed under a server secret no longer configured (docs/decisions/027): no code can match; a recovery code
      // or a passkey still can.
      return undefined;
    }
    const result = await verifyTotp({
      secret,
      token: code,
      epoch: Math.floor(this.deps.now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(totp.lastTimeStep === null ? {} : { afterTimeStep: totp.lastTimeStep }),
    });
    if (!result.valid || !('timeStep' in result)) return undefined;
    // Sealed under the previous secret during a key rotation: sealed again under the current one.
    if (!totp.secretSealed.includes(`:${this.deps.keys.currentId}:`)) await repo.resealTotp(this.db, totp.contactId, this.seal(secret));
    return result.timeStep;
  }

  /** Begins (or begins again) setting up an authenticator app. */
  async enrol(contactId: number, label: string) {
    const existing = await repo.findTotp(this.db, contactId);
    if (existing?.confirmedAt) throw secondStepError('auth/mfa-already-enrolled');
    const secret = generateSecret();
    await repo.upsertPendingTotp(this.db, contactId, this.seal(secret));
    return { secret, otpauthUrl: generateURI({ issuer: ISSUER, label, secret }) };
  }

  /** Confirms the app with its first code (inside the caller's transaction) and answers new recovery codes. */
  async confirmIn(tx: DbOrTx, contactId: number, code: string): Promise<string[]> {
    const totp = await repo.findTotp(tx, contactId);
    if (!totp) throw secondStepError('auth/mfa-not-enrolled');
    if (totp.confirmedAt) throw secondStepError('auth/mfa-already-enrolled');
    const step = await this.totpStep(totp, normaliseSecondStepCode(code));
    if (step === undefined || !(await repo.acceptTimeStep(tx, contactId, step, this.deps.now()))) {
      throw secondStepError('auth/mfa-code-incorrect', 'code');
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      tx,
      contactId,
      codes.map((c) => hashSecret(normaliseSecondStepCode(c))),
    );
    return codes;
  }

  /** Removes the app and its recovery codes, after a right code (the password is the caller's to check). */
  async removeIn(tx: DbOrTx, contactId: number, code: string): Promise<boolean> {
    const totp = await repo.findTotp(tx, contactId);
    if (!totp?.confirmedAt) throw secondStepError('auth/mfa-not-enrolled');
    if (!(await this.useCode(tx, contactId, code))) return false;
    await repo.deleteTotp(tx, contactId);
    return true;
  }

  async status(contactId: number, required: boolean): Promise<SecondStepStatus> {
    const [methods, left, keys] = await Promise.all([
      repo.methodsOf(this.db, contactId),
      repo.recoveryCodesLeft(this.db, contactId),
      repo.listPasskeys(this.db, contactId),
    ]);
    return {
      totp: methods.totp,
      recoveryCodesLeft: left,
      passkeys: keys.map((k) => ({
        id: k.id,
        name: k.name,
        createdAt: k.createdAt.toISOString(),
        lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
      })),
      required,
    };
  }

  groupRequires(contactId: number): Promise<boolean> {
    return repo.groupRequiresSecondStep(this.db, contactId);
  }

  /** Whether a school group requires a second step of its contacts (provider staff read it); 404 for no such group. */
  async groupRequirement(groupId: number): Promise<SecondStepRequirement> {
    const required = await repo.groupRequirement(this.db, groupId);
    if (required === undefined) throw new AppError('not-found', { detail: 'No such school group.' });
    return { required };
  }

  /**
   * Provider staff set whether a school group requires a second step. Contacts of the group without one are led
   * through setting it up at their next password sign-in; signed-in sessions carry on.
   */
  async setGroupRequirement(groupId: number, required: boolean): Promise<SecondStepRequirement> {
    if (!(await repo.setGroupRequirement(this.db, groupId, required))) throw new AppError('not-found', { detail: 'No such school group.' });
    return { required };
  }

  /** WebAuthn options for registering a passkey (signed in); the challenge is kept for the contact for 5 minutes. */
  async registrationOptions(contact: { id: number; email: string; name: string }) {
    const existing = await repo.listPasskeys(this.db, contact.id);
    const options = await generateRegistrationOptions({
      rpName: ISSUER,
      rpID: this.rpID,
      userName: contact.email,
      userDisplayName: contact.name,
      userID: new TextEncoder().encode(`contact:${contact.id}`),
      attestationType: 'none',
      excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const token = randomBytes(32).toString('base64url');
    await repo.insertChallenge(this.db, {
      token,
      contactId: contact.id,
      purpose: 'passkey-registration',
      expiresAt: this.expiry(),
      webauthnChallenge: options.challenge,
    });
    return asJson(options);
  }

  /** Verifies the browser's new credential against the contact's live registration challenge and keeps it. */
  async register(contactId: number, name: string, response: PasskeyAttestation): Promise<void> {
    const at = this.deps.now();
    await this.db.transaction(async (tx) => {
      const challenge = await repo.liveRegistrationChallenge(tx, contactId, at);
      if (!challenge?.webauthnChallenge) throw secondStepError('auth/mfa-passkey-rejected', 'response');
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.webauthnChallenge,
        expectedOrigin: this.deps.publicOrigin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verified?.verified) throw secondStepError('auth/mfa-passkey-rejected', 'response');
      if (!(await repo.consumeChallenge(tx, challenge.idHash, at))) throw secondStepError('auth/mfa-passkey-rejected', 'response');
      const { credential } = verified.registrationInfo;
      const inserted = await repo.insertPasskey(tx, {
        id: credential.id,
        contactId,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports ?? [],
        name,
      });
      if (!inserted) throw secondStepError('auth/mfa-passkey-rejected', 'response');
    });
  }

  /** WebAuthn options for the second step of a live sign-in challenge (the contact's passkeys allowed). */
  async authenticationOptions(token: string) {
    return this.db.transaction(async (tx) => {
      const challenge = await repo.liveChallengeForUpdate(tx, token, 'second-step', this.deps.now());
      if (!challenge) throw secondStepError('auth/mfa-challenge-invalid', 'challenge');
      const keys = await repo.listPasskeys(tx, challenge.contactId);
      const options = await generateAuthenticationOptions({
        rpID: this.rpID,
        allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
        userVerification: 'preferred',
      });
      await repo.setWebauthnChallenge(tx, challenge.idHash, options.challenge);
      return asJson(options);
    });
  }

  private async usePasskey(tx: DbOrTx, contactId: number, expectedChallenge: string | null, assertion: PasskeyAssertion): Promise<boolean> {
    if (!expectedChallenge) return false;
    const key = await repo.findPasskey(tx, contactId, assertion.id);
    if (!key) return false;
    const verified = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge,
      expectedOrigin: this.deps.publicOrigin,
      expectedRPID: this.rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.signCount,
        transports: key.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!verified?.verified) return false;
    await repo.passkeyUsed(tx, key.id, verified.authenticationInfo.newCounter, this.deps.now());
    return true;
  }

  async removePasskey(contactId: number, id: string): Promise<boolean> {
    return repo.deletePasskey(this.db, contactId, id);
  }
}

/** WebAuthn options as the JSON object they are sent as. */
const asJson = (options: object): Record<string, unknown> => ({ ...options });

function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}
