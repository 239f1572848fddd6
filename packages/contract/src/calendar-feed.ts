import { z } from 'zod';

/**
 * The personal bookings calendar feed: an iCalendar URL a contact adds to their own calendar
 * app. The URL carries a secret; the server keeps only its hash, so the URL is shown once, when it is made (or
 * made again, which revokes the previous one). The feed holds the bookings of the schools where the contact may
 * view bookings at fetch time, in a bounded window.
 */

/** Days before today (UTC) whose bookings the feed still holds. */
export const CALENDAR_FEED_DAYS_BACK = 30;
/** Days after today (UTC) whose bookings the feed holds. */
export const CALENDAR_FEED_DAYS_AHEAD = 90;
/** At most this many events in one feed (the earliest first); a group-wide contact stays a bounded answer. */
export const CALENDAR_FEED_MAX_EVENTS = 5000;
/** Feed fetches allowed per address in `CALENDAR_FEED_RATE_WINDOW_SECONDS` (calendar apps poll every few minutes at most). */
export const CALENDAR_FEED_RATE_LIMIT = 120;
export const CALENDAR_FEED_RATE_WINDOW_SECONDS = 600;
/** Fetches of one feed allowed in `CALENDAR_FEED_RATE_WINDOW_SECONDS`, from every address together (apps poll every 15 minutes). */
export const CALENDAR_FEED_PER_FEED_LIMIT = 20;

/** The secret part of the URL: 32 random bytes, base64url. */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// GET /v1/calendar-feed

export const CalendarFeedStatus = z
  .object({
    active: z.boolean().describe('Whether the contact has a feed URL that works'),
    createdAt: z.string().nullable().describe('ISO 8601 instant the working URL was made (null when there is none)'),
  })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatus>;

// POST /v1/calendar-feed

export const CalendarFeedCreated = z
  .object({
    url: z.string().describe('The feed URL with its secret; shown this once (only a hash is kept)'),
    createdAt: z.string().describe('ISO 8601 instant'),
  })
  .meta({ id: 'CalendarFeedCreated' });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;

// GET /v1/calendar/{file} — public, the secret is the credential

export const CalendarFileParams = z.object({
  file: z.string().max(200).describe("'<secret>.ics'"),
});
