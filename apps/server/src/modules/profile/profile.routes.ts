import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { ProfileResponse, UpdateLanguageBody } from '@portal/contract/profile';
import { z } from 'zod';
import { ProblemDetails } from '@portal/contract/problems';
import { allClients, toFlags, type PermissionTree } from '@portal/contract/permissions';
import { AppError } from '../../lib/app-error';
import { requirePrincipal } from '../../plugins/authenticate';
import { findStaff } from '../identity/identity.repository';
import type { PrincipalCache } from '../identity/principal-cache';
import { changeLanguage } from './profile.service';
import { listGeneralFiles } from '../files/files.repository';

function flagsOf(tree: PermissionTree) {
  const flags: Record<string, ReturnType<typeof toFlags>> = {};
  for (const g of tree.groups) flags[`group:${g.groupId}`] = toFlags(g.access.permissions);
  for (const c of allClients(tree)) {
    flags[`client:${c.clientId}`] = toFlags(c.access.permissions);
    for (const l of c.locations) flags[`location:${l.locationId}`] = toFlags(l.access.permissions);
  }
  return flags;
}

/** GET /v1/profile: who the caller is, what it may reach (the permission tree), feature flags and help files. */
const profileRoutes: FastifyPluginAsyncZod<{ principals?: PrincipalCache }> = async (app, options) => {
  // Help files change with a deploy, not per request: a minute's cache saves a query on every sign-in.
  type FileRow = { id: number; name: string; filePath: string; contentType: string; sizeBytes: number };
  const filesCache = new LRUCache<'all', FileRow[]>({ max: 1, ttl: 60_000 });
  const listFiles = async () => {
    const cached = filesCache.get('all');
    if (cached) return cached;
    const rows = await listGeneralFiles(app.database.db);
    filesCache.set('all', rows);
    return rows;
  };

  app.get(
    '/v1/profile',
    {
      // Cacheable (was no-store): asked on every sign-in and page load, it changes only with the contact's own
      // settings (language), permissions, feature flags or the help files. The browser keeps it only as the web
      // app's other private answers (Vary: Authorization, Impersonated-Contact) and revalidates before each use;
      // the ETag over the body makes a changed language, tree or impersonation a new answer at once.
      config: { permission: 'signedIn', cacheable: true },
      schema: {
        tags: ['profile'],
        summary: 'The signed-in (or impersonated) contact, its permission tree, feature flags and general files',
        security: [{ bearer: [] }],
        response: { 200: ProfileResponse, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const db = app.database.db;
      const [tree, files, staff] = await Promise.all([
        principal.tree(),
        listFiles(),
        principal.staffUserId ? findStaff(db, principal.staffUserId) : Promise.resolve(undefined),
      ]);
      const contact = principal.contact;
      if (!contact) throw new AppError('not-found', { detail: "Couldn't load user profile" });
      return {
        contact: {
          id: contact.id,
          firstName: contact.firstName,
          lastName: contact.lastName,
          emailAddress: contact.email,
          language: contact.language,
          isClientGroupOverviewEnabled: contact.isClientGroupOverviewEnabled,
          standardBookings: contact.standardBookings,
          lastUpdated: contact.lastUpdated.toISOString(),
        },
        links: tree,
        flags: flagsOf(tree),
        features: principal.features,
        generalFiles: files,
        impersonation: staff ? { staffName: staff.name, staffEmail: staff.email } : null,
      };
    },
  );

  app.put(
    '/v1/profile/language',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['profile'],
        summary: "Keeps the contact's language (the locale the web app uses after sign-in); staff acting as the contact may set it",
        security: [{ bearer: [] }],
        body: UpdateLanguageBody,
        response: { 204: z.null(), 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      await changeLanguage({ db: app.database.db, principals: options.principals, now: app.now }, principal.contactId, request.body.language);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
};

export default profileRoutes;
