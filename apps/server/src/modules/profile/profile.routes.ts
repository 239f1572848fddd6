import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileResponse, UpdateLanguageBody, UserParams, UserRecord } from '@portal/contract/profile';
import { z } from 'zod';
import { ProblemDetails } from '@portal/contract/problems';
import { allClients, toFlags, type PermissionTree } from '@portal/contract/permissions';
import { AppError } from '../../lib/app-error';
import { requirePrincipal } from '../../plugins/authenticate';
import type { ContactRecord } from '../identity/principal-cache';
import { entityTag, sendSerialised } from '../../plugins/http-cache';

function flagsOf(tree: PermissionTree) {
  const flags: Record<string, ReturnType<typeof toFlags>> = {};
  for (const g of tree.groups) flags[`group:${g.groupId}`] = toFlags(g.access.permissions);
  for (const c of allClients(tree)) {
    flags[`client:${c.clientId}`] = toFlags(c.access.permissions);
    for (const l of c.locations) flags[`location:${l.locationId}`] = toFlags(l.access.permissions);
  }
  return flags;
}

/**
 * The serialised answer of a contact's own profile (not while impersonating), kept while the principal cache keeps
 * the same contact record and permission tree and the help files are the same list: the profile is asked
 * on every sign-in and page load, and serialising its 8 kB and hashing it for the ETag was a quarter of the route's
 * CPU. A changed language, name, tree or feature flag is a new contact record or tree (the principal cache forgets
 * the contact on every change, and keeps neither longer than its TTL), so it is serialised anew.
 */
interface ServedProfile {
  tree: PermissionTree;
  files: readonly unknown[];
  body: string;
  etag: string;
}
const servedProfiles = new WeakMap<ContactRecord, ServedProfile>();

/** GET /v1/profile: who the caller is, what it may reach (the permission tree), feature flags and help files. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.profile;

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
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const [tree, files, staff] = await Promise.all([
        principal.tree(),
        service.generalFiles(),
        service.impersonator(principal.staffUserId),
      ]);
      const contact = principal.contact;
      if (!contact) throw new AppError('not-found', { detail: "Couldn't load user profile" });
      const served = staff ? undefined : servedProfiles.get(contact);
      if (served && served.tree === tree && served.files === files) {
        return sendSerialised(reply, served.body, served.etag);
      }
      const answer: z.infer<typeof ProfileResponse> = {
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
      // Serialised by the route's own response serialiser, as any answer; kept for the next call.
      const body = String(reply.serialize(answer));
      const etag = entityTag(body);
      if (!staff) servedProfiles.set(contact, { tree, files, body, etag });
      return sendSerialised(reply, body, etag);
    },
  );

  app.get(
    '/api/users/:username',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['profile'],
        summary: "The signed-in contact's own record (spec §7's older call); any other username is 404",
        description:
          'The username is the e-mail address, in any case. Another contact’s username answers 404 as one that does not exist, ' +
          'so the call cannot tell whether an address has an account.',
        security: [{ bearer: [] }],
        params: UserParams,
        response: { 200: UserRecord, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const contact = requirePrincipal(request).contact;
      if (!contact || request.params.username.trim().toLowerCase() !== contact.email.toLowerCase()) {
        throw new AppError('not-found', { detail: 'There is no such user.' });
      }
      reply.header('cache-control', 'private, no-cache');
      return {
        id: contact.id,
        username: contact.email,
        firstName: contact.firstName,
        lastName: contact.lastName,
        emailAddress: contact.email,
        language: contact.language,
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
      await service.changeLanguage(principal.contactId, request.body.language);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );
};

export default profileRoutes;
