import { z } from 'zod';
import { TokenResponse } from './auth';

/**
 * The second step of a password sign-in (docs/decisions/027): an authenticator app's code (TOTP, RFC 6238), a
 * single-use recovery code, or a passkey (WebAuthn).
 */

/** How long a challenge handed out after the right password lives (seconds). */
export const SECOND_STEP_CHALLENGE_SECONDS = 5 * 60;
/** Recovery codes made when an authenticator app is confirmed. */
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are four groups of four from these 31 characters (no 0/O, 1/I/L): about 79 random bits. */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code as typed: spaces and dashes are dropped, letters upper-cased. */
export const normaliseSecondStepCode = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

// The named validators of a second-step code: what the server judges and what the form checks before sending.
/** Six digits from an authenticator app. */
export const isTotpCode = (value: string): boolean => /^\d{6}$/.test(normaliseSecondStepCode(value));
/** Sixteen characters of the recovery alphabet, grouped or not. */
export const isRecoveryCode = (value: string): boolean => /^[A-HJKMNP-Z2-9]{16}$/.test(normaliseSecondStepCode(value));
/** The pipeline of a code field: it must be one of the two. */
export const SECOND_STEP_CODE_PIPELINE = [
  { name: 'codeShape', check: (value: string) => isTotpCode(value) || isRecoveryCode(value) },
] as const;

export const SECOND_STEP_MESSAGES = {
  codeShape: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
} as const;

const Code = z
  .string()
  .max(40)
  .superRefine((value, ctx) => {
    for (const rule of SECOND_STEP_CODE_PIPELINE) {
      if (!rule.check(value)) ctx.addIssue({ code: 'custom', message: SECOND_STEP_MESSAGES[rule.name], params: { rule: rule.name } });
    }
  })
  .describe('A 6-digit code from the authenticator app, or a recovery code');

const TotpCode = z
  .string()
  .max(20)
  .refine(isTotpCode, { message: 'Enter the 6-digit code from your authenticator app.', params: { rule: 'totpCode' } })
  .describe('A 6-digit code from the authenticator app');

export const Challenge = z
  .string()
  .min(20)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/)
  .describe('The challenge handed out by the sign-in (single use, 5 minutes)');

const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);
const Extensions = z.record(z.string().max(100), z.unknown()).describe('The client extension results');
const AuthenticatorAttachment = z.enum(['platform', 'cross-platform']);

/** The browser's answer to navigator.credentials.get() (AuthenticationResponseJSON of WebAuthn Level 3). */
export const PasskeyAssertion = z
  .strictObject({
    id: Base64Url(1400),
    rawId: Base64Url(1400),
    type: z.literal('public-key'),
    authenticatorAttachment: AuthenticatorAttachment.optional(),
    clientExtensionResults: Extensions,
    response: z.strictObject({
      clientDataJSON: Base64Url(20_000),
      authenticatorData: Base64Url(20_000),
      signature: Base64Url(2_000),
      userHandle: Base64Url(200).optional(),
    }),
  })
  .meta({ id: 'PasskeyAssertion' });
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;

/** The browser's answer to navigator.credentials.create() (RegistrationResponseJSON of WebAuthn Level 3). */
export const PasskeyAttestation = z
  .strictObject({
    id: Base64Url(1400),
    rawId: Base64Url(1400),
    type: z.literal('public-key'),
    authenticatorAttachment: AuthenticatorAttachment.optional(),
    clientExtensionResults: Extensions,
    response: z.strictObject({
      clientDataJSON: Base64Url(20_000),
      attestationObject: Base64Url(100_000),
      authenticatorData: Base64Url(20_000).optional(),
      transports: z
        .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
        .max(10)
        .optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: Base64Url(2_000).optional(),
    }),
  })
  .meta({ id: 'PasskeyAttestation' });
export type PasskeyAttestation = z.infer<typeof PasskeyAttestation>;

/** What the right password answers when a second step is still needed: no token, no cookie. */
export const SecondStepRequired = z
  .object({
    mfaRequired: z.literal(true),
    challenge: Challenge,
    methods: z.array(z.enum(['totp', 'recovery', 'passkey'])).describe('The second steps this contact has set up'),
  })
  .meta({ id: 'SecondStepRequired' });
export type SecondStepRequired = z.infer<typeof SecondStepRequired>;

/** The right password of a contact whose group requires a second step it has not set up: it must enrol first. */
export const SecondStepEnrolmentRequired = z
  .object({ mfaEnrolmentRequired: z.literal(true), challenge: Challenge.describe('Enrolment token (single use, 5 minutes)') })
  .meta({ id: 'SecondStepEnrolmentRequired' });
export type SecondStepEnrolmentRequired = z.infer<typeof SecondStepEnrolmentRequired>;

/** Every answer of `POST /v1/auth/login`. */
export const LoginResponse = z.union([TokenResponse, SecondStepRequired, SecondStepEnrolmentRequired]).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** `POST /v1/auth/mfa/verify`: a code (TOTP or recovery) or a passkey's assertion, never both. */
export const SecondStepVerifyBody = z
  .union([z.strictObject({ challenge: Challenge, code: Code }), z.strictObject({ challenge: Challenge, passkey: PasskeyAssertion })])
  .meta({ id: 'SecondStepVerifyBody' });
export type SecondStepVerifyBody = z.infer<typeof SecondStepVerifyBody>;

export const ChallengeBody = z.strictObject({ challenge: Challenge }).meta({ id: 'SecondStepChallengeBody' });

export const TotpEnrolment = z
  .object({
    secret: z.string().describe('The base32 secret, for typing into an app'),
    otpauthUrl: z.string().describe('otpauth:// URL (the QR code)'),
  })
  .meta({ id: 'TotpEnrolment' });
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

export const TotpConfirmBody = z.strictObject({ code: TotpCode }).meta({ id: 'TotpConfirmBody' });
export const EnrolmentConfirmBody = z.strictObject({ challenge: Challenge, code: TotpCode }).meta({ id: 'EnrolmentConfirmBody' });

export const RecoveryCodes = z
  .object({ recoveryCodes: z.array(z.string()).describe('Shown this once; each works once') })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** Confirming with an enrolment token also completes the sign-in. */
export const EnrolmentConfirmed = RecoveryCodes.extend(TokenResponse.shape).meta({ id: 'EnrolmentConfirmed' });
export type EnrolmentConfirmed = z.infer<typeof EnrolmentConfirmed>;

export const TotpRemoveBody = z.strictObject({ password: z.string().min(1).max(1024), code: Code }).meta({ id: 'TotpRemoveBody' });
export type TotpRemoveBody = z.infer<typeof TotpRemoveBody>;

export const PasskeyRegisterBody = z
  .strictObject({ name: z.string().trim().min(1).max(60).describe('A name to tell it apart'), response: PasskeyAttestation })
  .meta({ id: 'PasskeyRegisterBody' });
export type PasskeyRegisterBody = z.infer<typeof PasskeyRegisterBody>;

export const PasskeyRemoveBody = z.strictObject({ password: z.string().min(1).max(1024) }).meta({ id: 'PasskeyRemoveBody' });

/** WebAuthn options as the browser package takes them (PublicKeyCredential*OptionsJSON); opaque to the contract. */
export const PasskeyOptions = z.record(z.string(), z.unknown()).meta({ id: 'PasskeyOptions' });

export const SecondStepStatus = z
  .object({
    totp: z.boolean().describe('An authenticator app is set up'),
    recoveryCodesLeft: z.number().int(),
    passkeys: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        createdAt: z.iso.datetime({ offset: true }),
        lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
      }),
    ),
    required: z.boolean().describe("The contact's group requires a second step"),
  })
  .meta({ id: 'SecondStepStatus' });
export type SecondStepStatus = z.infer<typeof SecondStepStatus>;

/**
 * PUT /v1/provider/client-groups/{groupId}/second-step: provider staff set whether a school group requires a second
 * step of its contacts (027); GET of the same path answers the same shape. The setting is the one boolean: the
 * contract has no further rule to judge.
 */
export const SecondStepRequirementBody = z
  .strictObject({
    required: z
      .boolean()
      .describe(
        "Whether the group's contacts must pass a second step after their password (those without one set it up at their next sign-in)",
      ),
  })
  .meta({ id: 'SecondStepRequirementBody' });
export type SecondStepRequirementBody = z.infer<typeof SecondStepRequirementBody>;

export const SecondStepRequirement = z
  .object({ required: z.boolean().describe("Whether the group's contacts must pass a second step after their password") })
  .meta({ id: 'SecondStepRequirement' });
export type SecondStepRequirement = z.infer<typeof SecondStepRequirement>;

/** Problem codes of the second step (their texts; the web renders them through i18n). */
export const SECOND_STEP_ERRORS = {
  'auth/mfa-challenge-invalid': {
    status: 401,
    title: 'Sign-in expired',
    text: 'This sign-in has expired or was already used. Please sign in again.',
  },
  'auth/mfa-code-invalid': { status: 401, title: 'Wrong code', text: 'That code is not right, or was already used. Please try again.' },
  'auth/mfa-passkey-invalid': { status: 401, title: 'Passkey not accepted', text: 'That passkey was not accepted. Please try again.' },
  /** Setting up or removing (not signing in): the request is wrong, nobody is refused a sign-in. */
  'auth/mfa-code-incorrect': { status: 400, title: 'Wrong code', text: 'That code is not right, or was already used. Please try again.' },
  'auth/mfa-passkey-rejected': {
    status: 400,
    title: 'Passkey not saved',
    text: 'The passkey could not be saved. Please try again (a request for a passkey lasts 5 minutes).',
  },
  'auth/mfa-not-enrolled': { status: 409, title: 'No authenticator app', text: 'Set up an authenticator app first.' },
  'auth/mfa-already-enrolled': { status: 409, title: 'Already set up', text: 'An authenticator app is already set up.' },
} as const;
export type SecondStepErrorCode = keyof typeof SECOND_STEP_ERRORS;
