import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_FEED_PER_FEED_LIMIT,
  CALENDAR_FEED_RATE_LIMIT,
  CALENDAR_FEED_RATE_WINDOW_SECONDS,
  CalendarFeedCreated,
  CalendarFeedStatus,
  CalendarFileParams,
} from '@portal/contract/calendar-feed';
import { ProblemDetails } from '@portal/contract/problems';
import { AppError } from '../../lib/app-error';
import { requirePrincipal } from '../../plugins/authenticate';
import { noneMatch } from '../../plugins/http-cache';
import { sendEncodedAnswer } from '../../plugins/compression';
import { NEEDS } from '../../plugins/route-permission';
import type { AttemptCounters } from '../identity/attempt-counters';

/**
 * The personal bookings calendar feed: the signed-in contact's own feed (status, make or make
 * again, turn off) and the public feed itself, whose URL secret is the credential. Having a feed needs booking view
 * somewhere; what the feed holds is scoped again at every fetch (calendar-feed.service.ts).
 */
const calendarFeedRoutes: FastifyPluginAsyncZod<{ counters: AttemptCounters }> = async (app, { counters }) => {
  const service = app.services.calendarFeed;
  const tags = ['calendar'];
  const security = [{ bearer: [] }];
  const permission = { need: NEEDS.bookingView, per: 'client' } as const;
  const problems = { 401: ProblemDetails, 403: ProblemDetails };

  app.get(
    '/v1/calendar-feed',
    {
      config: { permission },
      schema: {
        tags,
        security,
        summary: "Whether the caller's bookings calendar feed is on (the URL itself is shown only when made)",
        response: { 200: CalendarFeedStatus, ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      reply.header('cache-control', 'private, no-store');
      return service.status(principal.contactId);
    },
  );

  app.post(
    '/v1/calendar-feed',
    {
      config: { permission },
      schema: {
        tags,
        security,
        summary: 'Make a new bookings calendar feed URL (the previous one stops working)',
        description:
          'Answers the URL once: only a hash of its secret is kept. No Idempotency-Key: a repeated call leaves the ' +
          'last URL working. Staff impersonating a contact may not make one (403).',
        response: { 201: CalendarFeedCreated, ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (principal.impersonating) throw new AppError('forbidden', { detail: 'Only the contact may make their calendar feed URL.' });
      reply.code(201).header('cache-control', 'private, no-store');
      return service.create(principal.contactId);
    },
  );

  app.delete(
    '/v1/calendar-feed',
    {
      config: { permission },
      schema: {
        tags,
        security,
        summary: "Turn the caller's bookings calendar feed off (its URL answers 404 from now on)",
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      await service.revoke(principal.contactId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/calendar/:file',
    {
      config: { public: true },
      schema: {
        tags,
        security: [],
        summary: 'A bookings calendar feed (iCalendar), by the secret in its URL: /v1/calendar/{secret}.ics',
        description:
          "No bearer token: the URL's secret is the credential. The bookings of the schools where the feed's owner " +
          'may view bookings now, 30 days back to 90 ahead, times in each location’s zone. An unknown or revoked ' +
          `feed is 404. At most ${CALENDAR_FEED_RATE_LIMIT} fetches per address and ${CALENDAR_FEED_PER_FEED_LIMIT} per feed in ` +
          `${CALENDAR_FEED_RATE_WINDOW_SECONDS / 60} minutes (429). ETag and If-None-Match: 304 until the feed's bookings or the day change.`,
        params: CalendarFileParams,
        response: {
          200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } },
          304: z.null().describe('Not modified: the calendar named by If-None-Match is current'),
          404: ProblemDetails,
          429: ProblemDetails,
        },
      },
    },
    async (request, reply) => {
      const { count, resetInSeconds } = await counters.consume(`calendar-feed:${request.ip}`, CALENDAR_FEED_RATE_WINDOW_SECONDS);
      if (count > CALENDAR_FEED_RATE_LIMIT) {
        throw new AppError('rate-limited', {
          detail: 'Too many requests. Please try again later.',
          headers: { 'retry-after': String(resetInSeconds) },
        });
      }
      const { feedId, answer } = await service.feed(request.params.file);
      // Per feed too: calendar apps poll every 15 minutes or more; a feed asked for more often is not a calendar app.
      const perFeed = await counters.consume(`calendar-feed-url:${feedId}`, CALENDAR_FEED_RATE_WINDOW_SECONDS);
      if (perFeed.count > CALENDAR_FEED_PER_FEED_LIMIT) {
        throw new AppError('rate-limited', {
          detail: 'Too many requests for this calendar. Please try again later.',
          headers: { 'retry-after': String(perFeed.resetInSeconds) },
        });
      }
      // Revalidated by its tag: an app that sends If-None-Match gets 304 until the bookings (or the day) change.
      reply.header('cache-control', 'private, no-cache').header('x-robots-tag', 'noindex');
      if (noneMatch(request.headers['if-none-match'], answer.tag)) return reply.code(304).header('etag', answer.tag).send(null);
      const built = await app.services.answers.answer(answer.tag, async () => ({ body: Buffer.from(await answer.load()), headers: {} }));
      // The kept bytes as they are (the route's typed reply knows only its JSON answers), compressed once per coding.
      const plain = (reply as FastifyReply).header('etag', answer.tag).type('text/calendar; charset=utf-8');
      if (await sendEncodedAnswer(request, plain, built)) return plain;
      return plain.send(built.body);
    },
  );
};

export default calendarFeedRoutes;
