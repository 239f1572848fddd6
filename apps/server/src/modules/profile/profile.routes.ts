import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { contacts, generalFiles } from '@portal/db/schema';
import { ProfileResponse } from '@portal/contract/profile';
import { ProblemDetails } from '@portal/contract/problems';
import { allClients, toFlags, type PermissionTree } from '@portal/contract/permissions';
import { AppError } from '../../lib/app-error';
import { requirePrincipal } from '../../plugins/authenticate';
import { findStaff } from '../identity/identity.repository';

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
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/profile',
    {
      schema: {
        tags: ['profile'],
        summary: 'The signed-in (or impersonated) contact, its permission tree, feature flags and general files',
        security: [{ bearer: [] }],
        response: { 200: ProfileResponse, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const db = app.database.db;
      const [contactRows, tree, files, staff] = await Promise.all([
        db.select().from(contacts).where(eq(contacts.id, principal.contactId)).limit(1),
        principal.tree(),
        db
          .select({
            id: generalFiles.id,
            name: generalFiles.name,
            filePath: generalFiles.filePath,
            contentType: generalFiles.contentType,
            sizeBytes: generalFiles.sizeBytes,
          })
          .from(generalFiles)
          .orderBy(generalFiles.name),
        principal.staffUserId ? findStaff(db, principal.staffUserId) : Promise.resolve(undefined),
      ]);
      const contact = contactRows[0];
      if (!contact) throw new AppError('not-found', { detail: "Couldn't load user profile" });
      reply.header('cache-control', 'private, no-store');
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
        features: { selfServiceShowBookingStatus: true, showBookingCardV2: true, enableExtendBooking: true },
        generalFiles: files,
        impersonation: staff ? { staffName: staff.name, staffEmail: staff.email } : null,
      };
    },
  );
};

export default profileRoutes;
