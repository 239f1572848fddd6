import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BookingBlocksQuery,
  BookingBlocksResponse,
  BookingContactsQuery,
  BookingContactsResponse,
  BookingLocationListResponse,
  CertificationsResponse,
  ClassificationsResponse,
  GradesResponse,
  PublicHolidays,
  PublicHolidaysQuery,
  SchoolTerms,
  SchoolTermsQuery,
} from '@portal/contract/booking-reference';
import { IdParams } from '@portal/contract/query-params';
import { ProblemDetails } from '@portal/contract/problems';
import { requirePrincipal } from '../../plugins/authenticate';
import { NEEDS } from '../../plugins/route-permission';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['bookings'];
const security = [{ bearer: [] }];
const problems = { 400: ProblemDetails, 401: ProblemDetails, 403: ProblemDetails };

/** Reference data of the create-booking form: where the caller may book, and what it may ask for there. */
const bookingReferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  bookableRoutes(app);
  locationRoutes(app);
  calendarRoutes(app);
};

/** Where the caller may book, and a client's pay classes and grades. */
function bookableRoutes(app: App): void {
  const service = app.services.bookingReference;
  app.get(
    '/v1/locations/booking-location-list',
    {
      // The list is what the caller may book: empty without create rights (data scoping, not a refusal).
      // Cacheable: changes only with the caller's permissions or the locations' settings; the ETag follows both.
      config: { permission: 'signedIn', cacheable: true },
      schema: {
        tags,
        summary: 'Locations where the caller may create bookings or pending bookings, with the client’s booking rules',
        description:
          'Locations where the caller holds booking create (requests go straight to the provider) or pendingBooking ' +
          'create (requests wait for approval), by client and location name. Empty when there are none.',
        security,
        response: { 200: BookingLocationListResponse, ...problems },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return service.locations(await principal.tree(), principal.contactId);
    },
  );

  app.get(
    '/v1/clients/:id/pay-classes',
    {
      // Cacheable: a client's classifications change with the provider's set-up, not with bookings.
      config: { permission: { need: NEEDS.anyBooking, per: 'client' }, cacheable: true },
      schema: {
        tags,
        summary: "A client's active classifications (pay classes) with their extra validation; 204 when it has none",
        description:
          'Needs a booking or pendingBooking permission at the client or one of its locations. A client outside the ' +
          "caller's permission tree is refused with 403. No classifications (204) blocks booking creation.",
        security,
        params: IdParams,
        response: { 200: ClassificationsResponse, 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const tree = await requirePrincipal(request).tree();
      const list = await service.payClasses(tree, request.params.id);
      if (list.length === 0) return reply.code(204).send(null);
      return list;
    },
  );

  app.get(
    '/v1/clients/:id/grades',
    {
      // Cacheable: a client's grades change with the provider's set-up, not with bookings.
      config: { permission: { need: NEEDS.anyBooking, per: 'client' }, cacheable: true },
      schema: {
        tags,
        summary: "A client's grades, in the client's order",
        description: 'Needs a booking or pendingBooking permission at the client or one of its locations; else 403.',
        security,
        params: IdParams,
        response: { 200: GradesResponse, ...problems },
      },
    },
    async (request) => {
      const tree = await requirePrincipal(request).tree();
      return service.grades(tree, request.params.id);
    },
  );
}

/** What the form needs of one location: certifications, booking contacts and restrictions. */
function locationRoutes(app: App): void {
  const service = app.services.bookingReference;
  app.get(
    '/v1/locations/:id/certifications',
    {
      // Cacheable: the certification list and a location's defaults change with the provider's set-up.
      config: { permission: { need: NEEDS.anyBooking, per: 'location' }, cacheable: true },
      schema: {
        tags,
        summary: 'Every certification, marking (and listing first) those the location asks for by default',
        description: 'Needs a booking or pendingBooking permission at the location. A location outside the caller’s tree is 404.',
        security,
        params: IdParams,
        response: { 200: CertificationsResponse, ...problems, 404: ProblemDetails },
      },
    },
    async (request) => {
      const tree = await requirePrincipal(request).tree();
      return service.certifications(tree, request.params.id);
    },
  );

  app.get(
    '/v1/contacts/booking-contacts',
    {
      // Cacheable: a location's booking contacts change when contacts are edited; the ETag over the body follows them.
      config: { permission: { need: NEEDS.bookingCreate, per: 'location' }, cacheable: true },
      schema: {
        tags,
        summary: 'The active booking contacts of a location and the confirmation methods each can receive; 204 when none',
        description:
          'E-mail needs an address, SMS a mobile, voice a mobile and consent, push a linked portal contact. ' +
          'Needs booking create or pendingBooking create at the location (403); a location outside the caller’s tree is 404.',
        security,
        querystring: BookingContactsQuery,
        response: { 200: BookingContactsResponse, 204: z.null(), ...problems, 404: ProblemDetails },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const list = await service.contacts(await principal.tree(), principal.contactId, request.query.locationId);
      if (list.length === 0) return reply.code(204).send(null);
      return list;
    },
  );

  app.get(
    '/v1/locations/booking-blocks',
    {
      // The list is what the caller may book: empty without create rights (data scoping, not a refusal).
      // Cacheable: blocks change with the provider's set-up and with the date ('today and later'): the ETag over
      // the body follows both, so a browser revalidating the next day gets the new list.
      config: { permission: 'signedIn', cacheable: true },
      schema: {
        tags,
        summary: 'Booking blocks: local dates (today and later) on which a bookable location takes no bookings',
        description:
          'The restrictions of the locations where the caller may create bookings or pending bookings, or of one of ' +
          'them (locationId; 404 outside the caller’s tree, 403 where it may not book).',
        security,
        querystring: BookingBlocksQuery,
        response: { 200: BookingBlocksResponse, ...problems, 404: ProblemDetails },
      },
    },
    async (request) => {
      const tree = await requirePrincipal(request).tree();
      return service.blocks(tree, request.query.locationId);
    },
  );
}

/** A bookable location's public holidays and school terms. */
function calendarRoutes(app: App): void {
  const service = app.services.bookingReference;
  app.get(
    '/v1/locations/:id/public-holidays',
    {
      config: { permission: { need: NEEDS.bookingCreate, per: 'location' }, cacheable: true },
      schema: {
        tags,
        summary: "The public holidays of a location's country and state or region between two local dates",
        description:
          'Bookings and extensions on them are refused, naming the holiday, unless the location opens on public ' +
          'holidays (openOnPublicHolidays). Needs booking create or pendingBooking create at the location (403); a ' +
          'location outside the caller’s tree is 404.',
        security,
        params: IdParams,
        querystring: PublicHolidaysQuery,
        response: { 200: PublicHolidays, ...problems, 404: ProblemDetails },
      },
    },
    async (request) => service.publicHolidays(await requirePrincipal(request).tree(), request.params.id, request.query),
  );

  app.get(
    '/v1/locations/:id/school-terms',
    {
      // Cacheable: terms change only when the provider edits them; the ETag over the body follows them.
      config: { permission: { need: NEEDS.bookingCreate, per: 'location' }, cacheable: true },
      schema: {
        tags,
        summary: "The school terms of a location's country and state or region that overlap two local dates",
        description:
          'Information for the date pickers: the days between two terms are school holidays. A term never stops a ' +
          'booking. Needs booking create or pendingBooking create at the location (403); a location outside the ' +
          'caller’s tree is 404.',
        security,
        params: IdParams,
        querystring: SchoolTermsQuery,
        response: { 200: SchoolTerms, ...problems, 404: ProblemDetails },
      },
    },
    async (request) => service.schoolTerms(await requirePrincipal(request).tree(), request.params.id, request.query),
  );
}

export default bookingReferenceRoutes;
