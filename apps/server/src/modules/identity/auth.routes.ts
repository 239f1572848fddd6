import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBody,
  LoginBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  TokenResponse,
  UnlockBody,
} from '@portal/contract/auth';
import { ProblemDetails } from '@portal/contract/problems';
import { LoginResponse } from '@portal/contract/second-step';
import { requirePrincipal } from '../../plugins/authenticate';
import type { Session } from './auth.service';
import { clearSessionCookies, REFRESH_COOKIE, setPageCookie, setSessionCookies } from './session-cookies';

const problems = { 400: ProblemDetails, 401: ProblemDetails, 429: ProblemDetails };

const meta = (request: FastifyRequest) => ({ ip: request.ip, requestId: request.id });

/** A session's answer: the access token in the body, the refresh token in its cookie (session-cookies.ts). */
export function answer(reply: FastifyReply, session: Session) {
  const { config } = reply.server;
  reply.header('cache-control', 'no-store');
  const cookie = { secure: config.publicOrigin.startsWith('https:'), maxAge: config.auth.refreshAbsoluteSeconds };
  if (session.refreshToken) setSessionCookies(reply, session.refreshToken, { ...cookie, pageToken: session.pageToken });
  else if (session.pageToken) setPageCookie(reply, session.pageToken, cookie);
  return { accessToken: session.accessToken, expiresIn: session.expiresIn, tokenType: 'Bearer' as const };
}

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['auth'];

/** Password sign-in and its session, password reset and change, and the unlock link. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  sessionRoutes(app);
  passwordRoutes(app);
};

/** Signing in, refreshing the access token and signing out. */
function sessionRoutes(app: App): void {
  const auth = app.services.auth;
  app.post(
    '/v1/auth/login',
    {
      config: { public: true },
      schema: { tags, summary: 'Sign in with e-mail and password', body: LoginBody, response: { 200: LoginResponse, ...problems } },
    },
    async (request, reply) => {
      const outcome = await auth.login(request.body.email, request.body.password, meta(request));
      // A second step still to pass (or to set up): a challenge, and neither a token nor a cookie yet.
      if (!('accessToken' in outcome)) return reply.header('cache-control', 'no-store').send(outcome);
      return answer(reply, outcome);
    },
  );

  app.post(
    '/v1/auth/refresh',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'A new access token (and refresh cookie) from the refresh cookie; 204 when there is no sign-in to refresh',
        response: { 200: TokenResponse, 204: z.null(), 401: ProblemDetails },
      },
    },
    async (request, reply) => {
      const cookie = request.cookies[REFRESH_COOKIE];
      // A visitor who never signed in is not an error: the app asks on every start.
      if (!cookie) return reply.code(204).header('cache-control', 'no-store').send(null);
      try {
        return answer(reply, await auth.refresh(cookie, meta(request)));
      } catch (error) {
        clearSessionCookies(reply);
        throw error;
      }
    },
  );

  app.post(
    '/v1/auth/logout',
    {
      config: { public: true },
      schema: { tags, summary: 'Sign out: ends this sign-in and the access tokens issued so far', response: { 204: z.null() } },
    },
    async (request, reply) => {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      await auth.signOut(request.cookies[REFRESH_COOKIE], bearer);
      clearSessionCookies(reply);
      // The caller's reference data may sit in this browser's HTTP cache (plugins/http-cache.ts: private answers,
      // revalidated by ETag): on a shared school computer, signing out drops it.
      reply.header('clear-site-data', '"cache"');
      return reply.code(204).send(null);
    },
  );
}

/** Password reset (asked for and confirmed), password change and the unlock link. */
function passwordRoutes(app: App): void {
  const auth = app.services.auth;
  app.post(
    '/v1/auth/password-reset',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'E-mail a single-use password reset link (valid 60 minutes)',
        body: PasswordResetBody,
        response: { 202: z.null(), 400: ProblemDetails, 401: ProblemDetails, 429: ProblemDetails },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, meta(request));
      return reply.code(202).send(null);
    },
  );

  app.post(
    '/v1/auth/password-reset/confirm',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link',
        body: PasswordResetConfirmBody,
        response: { 204: z.null(), 400: ProblemDetails, 410: ProblemDetails, 429: ProblemDetails },
      },
    },
    async (request, reply) => {
      await auth.confirmPasswordReset(request.body.token, request.body.newPassword, meta(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/auth/change-password',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: 'Change the password; every other sign-in of the contact ends',
        security: [{ bearer: [] }],
        body: ChangePasswordBody,
        response: { 200: TokenResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return answer(reply, await auth.changePassword(principal, request.body.currentPassword, request.body.newPassword, meta(request)));
    },
  );

  app.post(
    '/v1/auth/unlock',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'End the sign-in slow-down of an account with the token of the e-mailed link (valid 24 hours, once)',
        body: UnlockBody,
        response: { 204: z.null(), 400: ProblemDetails, 410: ProblemDetails, 429: ProblemDetails },
      },
    },
    async (request, reply) => {
      await auth.unlock(request.body.token, meta(request));
      return reply.code(204).send(null);
    },
  );
}

export default authRoutes;
