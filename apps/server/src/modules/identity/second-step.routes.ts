import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TokenResponse } from '@portal/contract/auth';
import { ProblemDetails } from '@portal/contract/problems';
import {
  ChallengeBody,
  EnrolmentConfirmBody,
  EnrolmentConfirmed,
  PasskeyOptions,
  PasskeyRegisterBody,
  PasskeyRemoveBody,
  RecoveryCodes,
  SecondStepRequirement,
  SecondStepRequirementBody,
  SecondStepStatus,
  SecondStepVerifyBody,
  TotpConfirmBody,
  TotpEnrolment,
  TotpRemoveBody,
} from '@portal/contract/second-step';
import { requirePrincipal } from '../../plugins/authenticate';
import { authError } from './auth-errors';
import { answer } from './auth.routes';

/** HTTP of the second sign-in step (docs/decisions/027): the step itself, enrolment, passkeys, removal. */

const tags = ['auth'];
const security = [{ bearer: [] }];
const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 409: ProblemDetails, 429: ProblemDetails };
const meta = (request: { ip: string; id: string }) => ({ ip: request.ip, requestId: request.id });

const secondStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;
  const secondStep = app.services.secondStep;

  app.post(
    '/v1/auth/mfa/verify',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Complete a password sign-in with a code (authenticator app or recovery code) or a passkey',
        body: SecondStepVerifyBody,
        response: { 200: TokenResponse, ...problems },
      },
    },
    async (request, reply) => {
      const { challenge, ...proof } = request.body;
      return answer(reply, await auth.verifySecondStep(challenge, proof, meta(request)));
    },
  );

  app.post(
    '/v1/auth/mfa/passkey/options',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'WebAuthn options for completing a password sign-in with a passkey',
        body: ChallengeBody,
        response: { 200: PasskeyOptions, ...problems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return secondStep.authenticationOptions(request.body.challenge);
    },
  );

  app.post(
    '/v1/auth/mfa/enrolment/totp',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Begin setting up an authenticator app with the enrolment token of a sign-in (the contact's group requires one)",
        body: ChallengeBody,
        response: { 200: TotpEnrolment, ...problems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.enrolWithChallenge(request.body.challenge, meta(request));
    },
  );

  app.post(
    '/v1/auth/mfa/enrolment/totp/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Confirm the authenticator app with its first code: recovery codes (shown once) and the sign-in',
        body: EnrolmentConfirmBody,
        response: { 200: EnrolmentConfirmed, ...problems },
      },
    },
    async (request, reply) => {
      const { recoveryCodes, ...session } = await auth.confirmEnrolment(request.body.challenge, request.body.code, meta(request));
      return { ...answer(reply, session), recoveryCodes };
    },
  );

  app.get(
    '/v1/auth/mfa',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: "The signed-in contact's second steps", security, response: { 200: SecondStepStatus, 401: ProblemDetails } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.header('cache-control', 'no-store');
      return secondStep.status(principal.contactId, await secondStep.groupRequires(principal.contactId));
    },
  );

  app.post(
    '/v1/auth/mfa/totp/enrol',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'Begin setting up an authenticator app', security, response: { 200: TotpEnrolment, ...problems } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return auth.enrolTotp(requirePrincipal(request));
    },
  );

  app.post(
    '/v1/auth/mfa/totp/confirm',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Confirm the authenticator app with its first code; answers the recovery codes, shown this once',
        security,
        body: TotpConfirmBody,
        response: { 200: RecoveryCodes, ...problems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { recoveryCodes: await auth.confirmTotp(requirePrincipal(request), request.body.code, meta(request)) };
    },
  );

  app.post(
    '/v1/auth/mfa/totp/remove',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Remove the authenticator app and its recovery codes (the password and a code needed)',
        security,
        body: TotpRemoveBody,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await auth.removeTotp(requirePrincipal(request), request.body.password, request.body.code, meta(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/auth/mfa/passkey/register/options',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'WebAuthn options for registering a passkey', security, response: { 200: PasskeyOptions, ...problems } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (principal.impersonating) throw authError('auth/impersonation-forbidden');
      const contact = principal.contact!;
      reply.header('cache-control', 'no-store');
      return secondStep.registrationOptions({ id: contact.id, email: contact.email, name: `${contact.firstName} ${contact.lastName}` });
    },
  );

  app.post(
    '/v1/auth/mfa/passkey/register',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'Register a passkey', security, body: PasskeyRegisterBody, response: { 204: z.null(), ...problems } },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (principal.impersonating) throw authError('auth/impersonation-forbidden');
      await secondStep.register(principal.contactId, request.body.name, request.body.response);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/auth/mfa/passkeys/:id/remove',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Remove a passkey (the password needed)',
        security,
        params: z.strictObject({ id: z.string().max(1400) }),
        body: PasskeyRemoveBody,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await auth.removePasskey(requirePrincipal(request), request.params.id, request.body.password, meta(request));
      return reply.code(204).send(null);
    },
  );

  groupRequirementRoutes(app);
};

/**
 * GET and PUT /v1/provider/client-groups/{groupId}/second-step: provider staff read and set whether a school group
 * requires a second step (as they set its single sign-on: staff only, every write in the audit log).
 */
function groupRequirementRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const url = '/v1/provider/client-groups/:groupId/second-step';
  const params = z.strictObject({ groupId: z.coerce.number().int().min(1).max(2_147_483_647) });
  const staffProblems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails };
  app.get(
    url,
    {
      config: { staff: true },
      schema: {
        tags: ['provider'],
        summary: "Whether a school group requires a second step after its contacts' passwords (provider staff only)",
        security,
        params,
        response: { 200: SecondStepRequirement, ...staffProblems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.secondStep.groupRequirement(request.params.groupId);
    },
  );
  app.put(
    url,
    {
      config: { staff: true },
      schema: {
        tags: ['provider'],
        summary: "Set whether a school group requires a second step after its contacts' passwords (provider staff only)",
        description:
          'Contacts of the group without a second step set one up at their next password sign-in. Setting the same value again changes nothing. Recorded in the audit log.',
        security,
        params,
        body: SecondStepRequirementBody,
        response: { 200: SecondStepRequirement, ...staffProblems },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.services.secondStep.setGroupRequirement(request.params.groupId, request.body.required);
    },
  );
}

export default secondStepRoutes;
