import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PermissionTree } from '@portal/contract/permissions';
import { AppError } from '../lib/app-error';
import type { AccessTokens } from '../modules/identity/access-tokens';
import type { ContactRecord, PrincipalCache } from '../modules/identity/principal-cache';
import type { StaffDirectory } from '../modules/identity/staff-directory';
import { contactFeatures, type Features } from '@portal/contract/profile';
import { permissionRefusal, resolvePermission, type PermissionDeclaration } from './route-permission';

/**
 * Every route needs a valid bearer token unless it is declared `config: { public: true }` where it is registered.
 * The decision is made on the route the router matched (its declared options), never on the raw URL: the router
 * decodes `%76`, strips an absolute-form target and ignores a trailing slash before matching, so a prefix test on
 * `request.url` can be walked around. It runs on `onRequest`, so an unauthenticated call gets 401
 * before its body is parsed or judged.
 * Provider staff tokens act as a contact only with an `Impersonated-Contact` header; staff-only routes declare
 * `staff: true`. Every other route declares `permission` (route-permission.ts), enforced here; data scoping is
 * the services' job.
 */

export interface Principal {
  kind: 'contact' | 'staff';
  /** The contact acted as: the signed-in one, or the impersonated one for staff. */
  contactId: number | undefined;
  staffUserId: number | undefined;
  impersonating: boolean;
  familyId: string;
  /** When the access token of this request expires. */
  accessExpiresAt: Date;
  /** The contact acted as, as the database had it a moment ago. */
  contact: ContactRecord | undefined;
  /** The contact's feature flags (spec §3): the defaults with the contact's own settings on top. */
  features: Features;
  /** The contact's permission tree (effective permissions). */
  tree(): Promise<PermissionTree>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    /** Staff without impersonation may call it (and contacts may not). */
    staff?: boolean;
    /** What the route needs (see route-permission.ts); every route not public or staff declares it. */
    permission?: PermissionDeclaration;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const unauthorized = (detail: string, error = 'invalid_token') =>
  new AppError('unauthorized', { detail, headers: { 'www-authenticate': `Bearer error="${error}"` } });

export function requirePrincipal(request: FastifyRequest): Principal & { contactId: number } {
  const p = request.principal;
  if (!p || p.contactId === undefined) throw new AppError('unauthorized', { detail: 'Please sign in.' });
  return p as Principal & { contactId: number };
}

interface AuthenticateOptions {
  tokens: AccessTokens;
  principals: PrincipalCache;
  /** Staff sign-ins and the trail staff leave (the identity module's door). */
  staff: StaffDirectory;
}

export default fp(
  async (app, options: AuthenticateOptions) => {
    app.decorateRequest('principal', null);

    // A plain (callback) hook in front: a public route (the health checks, sign-in, the web app's files) passes at
    // once, without the promise an async hook costs on every request.
    app.addHook('onRequest', (request, _reply, done) => {
      // No route matched: the not-found handler answers 404 and serves nothing.
      if (request.is404 || request.routeOptions.config.public === true) return done();
      authenticateRequest(request, options).then(() => done(), done);
    });

    auditStaff(app, options.staff);
  },
  { name: 'authenticate' },
);

/** The request's principal from its bearer token (and Impersonated-Contact header), and the route's permission checked. */
async function authenticateRequest(request: FastifyRequest, options: AuthenticateOptions): Promise<void> {
  const config = request.routeOptions.config;

  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/.exec(header) : null;
  if (!match) throw unauthorized('Please sign in.', 'invalid_request');
  const claims = await options.tokens.verify(match[1]!);
  if (!claims) throw unauthorized('Your session has expired. Please sign in again.');
  const impersonate = request.headers['impersonated-contact'];

  let contact: ContactRecord | undefined;
  let staffUserId: number | undefined;
  if (claims.kind === 'contact') {
    if (impersonate !== undefined) throw new AppError('forbidden', { detail: 'Only provider staff may impersonate a contact.' });
    // The contact's token version (sign-outs, password changes) and the sign-in itself (a reused refresh token
    // ends its family, and with it every access token issued from it), both cached for a moment.
    const [found, familyActive] = await Promise.all([
      options.principals.contact(claims.contactId),
      options.principals.familyActive(claims.familyId),
    ]);
    contact = found;
    if (!contact) throw unauthorized('Your session has expired. Please sign in again.');
    if (!familyActive || claims.version !== contact.tokenVersion) {
      throw unauthorized('Your session has ended. Please sign in again.');
    }
  } else {
    const [staff, active] = await Promise.all([options.staff.find(claims.staffUserId), options.staff.sessionActive(claims.familyId)]);
    if (!staff || !active) throw unauthorized('Your session has ended. Please sign in again.');
    staffUserId = staff.id;
    if (impersonate !== undefined) {
      const value = Array.isArray(impersonate) ? impersonate[0] : impersonate;
      if (!value || !/^\d{1,10}$/.test(value)) throw AppError.field('Impersonated-Contact', 'Must be a contact id', 'bad-request');
      contact = await options.principals.contact(Number(value));
      if (!contact) throw new AppError('not-found', { detail: 'There is no such contact to impersonate.' });
    } else if (!config.staff) {
      throw new AppError('forbidden', { detail: 'Choose a contact to impersonate first.' });
    }
  }
  if (config.staff && claims.kind !== 'staff') throw new AppError('forbidden', { detail: 'Only provider staff may do this.' });

  let tree: Promise<PermissionTree> | undefined;
  const contactId = contact?.id;
  request.principal = {
    kind: claims.kind,
    contactId,
    staffUserId,
    impersonating: claims.kind === 'staff' && contactId !== undefined,
    familyId: claims.familyId,
    accessExpiresAt: new Date(claims.expiresAt * 1000),
    contact,
    features: contactFeatures(contact?.features),
    tree: () => (tree ??= contactId === undefined ? Promise.resolve({ groups: [], clients: [] }) : options.principals.tree(contactId)),
  };

  if (!config.permission) return;
  const refusal = await permissionRefusal(resolvePermission(config.permission), contact, request.principal.tree);
  if (refusal !== undefined) throw new AppError('forbidden', { detail: refusal });
}

/**
 * Provider staff leave a trail (before the answer leaves, so nobody, a test included, sees the answer without
 * it): the start of each impersonation (per sign-in and contact), the first read of each route while
 * impersonating, and every write, impersonating or not (assigning educators, settling timesheets, invoicing).
 * "Seen" is kept per process: with several processes a start or a read may be recorded more than once, never not.
 */
function auditStaff(app: FastifyInstance, staff: StaffDirectory): void {
  const seen = new LRUCache<string, true>({ max: 100_000, ttl: 12 * 60 * 60 * 1000 });
  app.addHook('onSend', (request, reply, payload, done) => {
    const p = request.principal;
    if (!p || p.kind !== 'staff') return done(null, payload);
    const read = request.method === 'GET' || request.method === 'HEAD';
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const entries: Array<{ action: string; details: Record<string, unknown> }> = [];
    if (p.impersonating) {
      const impersonation = `${p.familyId}:${p.contactId}`;
      if (!seen.has(impersonation)) {
        seen.set(impersonation, true);
        entries.push({ action: 'impersonation.started', details: { familyId: p.familyId } });
      }
      if (read && !seen.has(`${impersonation}:${route}`)) {
        seen.set(`${impersonation}:${route}`, true);
        entries.push({ action: route, details: { read: true, status: reply.statusCode, familyId: p.familyId } });
      }
    }
    if (!read) {
      entries.push({
        action: route,
        details: { status: reply.statusCode, params: request.params as Record<string, unknown>, familyId: p.familyId },
      });
    }
    if (entries.length === 0) return done(null, payload);
    Promise.all(
      entries.map((entry) =>
        staff.audit({
          contactId: p.contactId,
          staffUserId: p.staffUserId,
          ...entry,
          requestId: request.id,
          ip: request.ip,
        }),
      ),
    )
      .catch((err: unknown) => request.log.error({ err }, 'could not write the audit log'))
      .then(() => done(null, payload));
  });
}
