import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CandidateDetailsResponse,
  CandidateIdParams,
  CandidateImageParams,
  CandidateListQuery,
  CandidateListResponse,
  CandidateProfileImageResponse,
  ExclusionBody,
  ExclusionQuery,
  ExclusionResponse,
  FavouriteQuery,
  FavouriteResponse,
} from '@portal/contract/candidates';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { sendVersionedValue } from '../../plugins/http-cache';
import { imageResponse } from './candidates.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['candidates'];
const security = [{ bearer: [] }];
const access =
  'The caller needs booking view, timesheets view or accounts view (spec §6 candidates) at a client (or one of ' +
  'its locations) that has booked the educator; otherwise 404 (existence does not leak).';
const favouriteSchema = (marked: boolean) => ({
  tags,
  security,
  summary: marked ? 'Mark an educator a favourite of a school' : 'Unmark an educator as a favourite of a school',
  description:
    'Needs booking create or modify at the client (or one of its locations), else 403; 404 when the client never ' +
    'booked the educator. Naturally idempotent: the call sets the flag, so repeating it (a double click, a retry) ' +
    'gives the same answer and state; no Idempotency-Key is needed. The provider fills the school’s bookings with ' +
    'a free favourite first.',
  params: CandidateIdParams,
  querystring: FavouriteQuery,
  response: { 200: FavouriteResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
});
const favouritePermission = {
  requirement: 'ONE',
  permissions: [
    { scope: 'booking', action: 'create' },
    { scope: 'booking', action: 'modify' },
  ],
} as const;
const exclusionSchema = (excluded: boolean) => ({
  tags,
  security,
  summary: excluded ? 'Exclude an educator from a school' : 'Include an excluded educator again',
  description:
    'Who may set a favourite may exclude (booking create or modify at the client or one of its locations), else 403; ' +
    '404 when the client never booked the educator. An excluded educator is never assigned to the school’s bookings ' +
    'by the provider, and a booking naming them as requestedCandidateId is refused (400 on that field). Naturally ' +
    'idempotent like favourites (the call sets the state; no Idempotency-Key). Audited.',
  params: CandidateIdParams,
  querystring: ExclusionQuery,
  response: { 200: ExclusionResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
});
const who = async (request: FastifyRequest) => {
  const principal = requirePrincipal(request);
  return { tree: await principal.tree(), contactId: principal.contactId, staffUserId: principal.staffUserId ?? null };
};

/** Educators: spec §7 GET candidate/CandidateList, candidate/{id}/details, candidate/profile-image/{id}; favourites. */
const candidatesRoutes: FastifyPluginAsyncZod = async (app) => {
  educatorReadRoutes(app);
  favouriteRoutes(app);
  exclusionRoutes(app);
};

/** The educators the caller's clients booked: the list, one educator's details and profile image. */
function educatorReadRoutes(app: App): void {
  const service = app.services.candidates;
  const answers = app.services.answers;
  app.get(
    '/v1/candidate/CandidateList',
    {
      config: { permission: 'candidates', cacheable: true },
      schema: {
        tags,
        security,
        summary: 'The educators who have worked for a client or are booked there (favourites first)',
        description:
          'Each with names, headline, last and next date at this client, bookings count here and whether the client ' +
          'marked them a favourite. 403 unless the caller holds booking view, timesheets view or accounts view at the ' +
          'client or one of its locations (at locations only: dates and counts of those locations). 400 when ClientId is ' +
          'missing or not a positive integer.',
        querystring: CandidateListQuery,
        response: { 200: CandidateListResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails },
      },
    },
    async (request, reply) => {
      return sendVersionedValue(
        request,
        reply,
        answers,
        await service.listAnswer(await requirePrincipal(request).tree(), request.query.ClientId),
      );
    },
  );

  app.get(
    '/v1/candidate/:id/details',
    {
      config: { permission: 'candidates' },
      schema: {
        tags,
        security,
        summary: "An educator's profile, qualifications, compliance checks and bookings at the caller's clients",
        description: access,
        params: CandidateIdParams,
        response: { 200: CandidateDetailsResponse, 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const body = await service.details(await requirePrincipal(request).tree(), request.params.id);
      reply.header('cache-control', 'private, no-cache');
      return body;
    },
  );

  app.get(
    '/v1/candidate/profile-image/:id',
    {
      config: { permission: 'candidates' },
      schema: {
        tags,
        security,
        summary: "An educator's display picture, base64 (spec §3 base64ProfileImg)",
        description:
          `${access} The uploaded photo, else an avatar generated from the educator's seed (SVG). Cacheable: an ETag ` +
          'names the picture and If-None-Match with it answers 304 without a body. The id must be a non-negative ' +
          'integer (spec §5), else 400.',
        params: CandidateImageParams,
        response: {
          200: CandidateProfileImageResponse,
          400: ProblemDetails,
          401: ProblemDetails,
          403: ProblemDetails,
          404: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const image = await service.profileImage(await requirePrincipal(request).tree(), request.params.id);
      reply.header('etag', image.etag).header('cache-control', 'private, max-age=86400').header('vary', 'Authorization');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)) {
        // Not modified: no body (not in the response schema, so nothing is serialised).
        return (reply as FastifyReply).code(304).send();
      }
      return imageResponse(image);
    },
  );
}

/** Marking an educator a favourite of a school, and unmarking it. */
function favouriteRoutes(app: App): void {
  const service = app.services.candidates;
  app.put('/v1/candidate/:id/favourite', { config: { permission: favouritePermission }, schema: favouriteSchema(true) }, async (request) =>
    service.setFavourite(await requirePrincipal(request).tree(), request.params.id, request.query.clientId, true),
  );

  app.delete(
    '/v1/candidate/:id/favourite',
    { config: { permission: favouritePermission }, schema: favouriteSchema(false) },
    async (request) => service.setFavourite(await requirePrincipal(request).tree(), request.params.id, request.query.clientId, false),
  );
}

/** Excluding an educator from a school, and including it again. */
function exclusionRoutes(app: App): void {
  const service = app.services.candidates;
  app.put(
    '/v1/candidate/:id/exclusion',
    { config: { permission: favouritePermission }, schema: { ...exclusionSchema(true), body: ExclusionBody.nullish() } },
    async (request) =>
      service.setExclusion(await who(request), request.params.id, request.query.clientId, {
        isExcluded: true,
        reason: request.body?.reason,
      }),
  );

  app.delete(
    '/v1/candidate/:id/exclusion',
    { config: { permission: favouritePermission }, schema: exclusionSchema(false) },
    async (request) => service.setExclusion(await who(request), request.params.id, request.query.clientId, { isExcluded: false }),
  );
}

export default candidatesRoutes;
