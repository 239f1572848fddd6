import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { allClients, scopeOf, type Scope } from '@portal/contract/permissions';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_TOKEN_PATTERN,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
} from '@portal/contract/calendar-feed';
import { addDays } from '@portal/contract/query-params';
import type { BookingStatus } from '@portal/contract/domain';
import { AppError } from '../../lib/app-error';
import type { Versioned, VersionedAnswers } from '../../lib/versioned-answers';
import * as repo from './calendar-feed.repository';
import { permissionTreeOf } from '../profile/permission-tree.port';
import { vtimezone } from './vtimezone';

/**
 * The personal bookings calendar feed.
 *
 * The URL's secret is 32 random bytes; only its SHA-256 is stored, so the URL is shown once, when it is made, and
 * a lost URL is replaced by making a new one (which revokes the old). Making one needs no Idempotency-Key on
 * purpose: storing the answer for a retry would store the secret; a repeated POST simply leaves the last URL
 * working. Permissions apply when the feed is fetched: the owner's tree at that moment decides which schools'
 * bookings it holds; an unknown, revoked or permissionless feed is the same 404 (no oracle).
 */

export const FEED_NOT_FOUND = 'This calendar feed does not exist or was turned off.';

const STATUS: Record<BookingStatus, ICalEventStatus> = {
  pending_approval: ICalEventStatus.TENTATIVE,
  unfilled: ICalEventStatus.TENTATIVE,
  filled: ICalEventStatus.CONFIRMED,
  commenced: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
  rejected: ICalEventStatus.CANCELLED,
};

const STATUS_TEXT: Record<BookingStatus, string> = {
  pending_approval: 'Pending approval',
  unfilled: 'Unfilled',
  filled: 'Filled',
  commenced: 'Commenced',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/** An event's title: who covers it, or its state when no one does or it no longer happens (cancelled says so). */
export function titleOf(status: BookingStatus, educator: string | null, classification: string): string {
  if (status === 'cancelled' || status === 'rejected')
    return `${STATUS_TEXT[status]} – ${educator ? `${educator} – ` : ''}${classification}`;
  return `${educator ?? STATUS_TEXT[status]} – ${classification}`;
}

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Events written as one piece of text (about a millisecond's work). */
const FEED_SLICE = 10;
/**
 * How long a build may hold the event loop before it lets other requests in: with four builds at once, a request
 * waits at most about four of these.
 */
const FEED_TURN_MS = 6;
/** Rows read per query. */
const FEED_PAGE = 250;

const utcDate = (d: Date) => d.toISOString().slice(0, 10);
const notFound = () => new AppError('not-found', { detail: FEED_NOT_FOUND });

export class CalendarFeedService {
  constructor(
    private readonly db: repo.Db,
    private readonly now: () => Date,
    private readonly publicOrigin: string,
    private readonly answers: VersionedAnswers,
  ) {}

  async status(contactId: number): Promise<CalendarFeedStatus> {
    const feed = await repo.activeFeedOfContact(this.db, contactId);
    return { active: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null };
  }

  /** A new URL; the previous one stops working in the same transaction. */
  async create(contactId: number): Promise<CalendarFeedCreated> {
    const token = randomBytes(32).toString('base64url');
    const at = this.now();
    const feed = await this.db.transaction(async (tx) => {
      await repo.revokeFeeds(tx, contactId, at);
      return repo.insertFeed(tx, contactId, hashFeedToken(token), at);
    });
    return { url: `${this.publicOrigin}/v1/calendar/${token}.ics`, createdAt: feed.createdAt.toISOString() };
  }

  async revoke(contactId: number): Promise<void> {
    await repo.revokeFeeds(this.db, contactId, this.now());
  }

  /** Ends the contact's feed inside another module's transaction (a password changed or reset). */
  async revokeIn(tx: repo.DbOrTx, contactId: number, at: Date): Promise<number> {
    return repo.revokeFeeds(tx, contactId, at);
  }

  /**
   * The feed named by `file` ('<secret>.ics') as a versioned answer (lib/versioned-answers.ts): its tag names the feed,
   * the owner's scope now, the day and the data versions of the owner's clients, so a calendar app that asks again
   * with the tag gets 304, and a feed is built once per change of its data (one build at a time, however many ask).
   */
  async feed(file: string): Promise<{ feedId: string; answer: Versioned<string> }> {
    const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
    if (!CALENDAR_TOKEN_PATTERN.test(token)) throw notFound();
    const feed = await repo.activeFeedByHash(this.db, hashFeedToken(token));
    if (!feed) throw notFound();
    const tree = await permissionTreeOf(this.db, feed.contactId);
    const scope = scopeOf(tree, 'booking', 'view');
    if (scope.clientIds.length === 0 && scope.locationIds.length === 0) throw notFound();
    const today = utcDate(this.now());
    // Every client of the tree: the versions of a client whose locations alone are in scope count too.
    const clientIds = allClients(tree).map((c) => c.clientId);
    const answer = await this.answers.versioned(['calendar-feed', feed.id, scope, today], clientIds, () => this.build(scope));
    return { feedId: feed.id, answer };
  }

  /**
   * The iCalendar text, built in slices of FEED_SLICE events, letting the event loop turn whenever FEED_TURN_MS of
   * work is done: a feed of the largest kind (5,000 events) never holds up another request for longer than that.
   */
  private async build(scope: Scope): Promise<string> {
    const now = this.now();
    const today = utcDate(now);
    // A day either side of the UTC dates covers every zone's local date.
    const from = addDays(today, -CALENDAR_FEED_DAYS_BACK - 1);
    const to = addDays(today, CALENDAR_FEED_DAYS_AHEAD + 1);
    // Read in pages: thousands of rows arriving at once (from the embedded database's thread) are themselves a pause.
    const rows: repo.FeedBookingRow[] = [];
    for (;;) {
      const want = Math.min(FEED_PAGE, CALENDAR_FEED_MAX_EVENTS - rows.length);
      const page = await repo.feedBookings(this.db, scope, from, to, today, want, rows.length);
      rows.push(...page);
      if (page.length < want || rows.length >= CALENDAR_FEED_MAX_EVENTS) break;
    }

    const spanFrom = new Date(`${addDays(from, -2)}T00:00:00Z`);
    const spanTo = new Date(`${addDays(to, 2)}T00:00:00Z`);
    // Each slice asks for the zones it uses: each zone's VTIMEZONE is worked out once per build.
    const zoneTexts = new Map<string, string | null>();
    const zoneText = (zone: string) => {
      if (!zoneTexts.has(zone)) zoneTexts.set(zone, vtimezone(zone, spanFrom, spanTo));
      return zoneTexts.get(zone)!;
    };
    const calendar = () =>
      ical({
        name: 'Bookings',
        prodId: { company: 'portal', product: 'bookings-feed', language: 'EN' },
        method: ICalCalendarMethod.PUBLISH,
        ttl: 15 * 60,
        timezone: { name: null, generator: zoneText },
      });
    const host = new URL(this.publicOrigin).hostname;
    if (rows.length === 0) return calendar().toString();

    let head = '';
    const zones = new Map<string, string>();
    const events: string[] = [];
    // A budget of elapsed work, not a time of day: performance.now() is monotonic and says nothing about the date.
    let turnStarted = performance.now();
    for (let at = 0; at < rows.length; at += FEED_SLICE) {
      if (performance.now() - turnStarted >= FEED_TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        turnStarted = performance.now();
      }
      const slice = calendar();
      for (const b of rows.slice(at, at + FEED_SLICE)) {
        const named = b.candidateFirstName
          ? `${b.candidatePreferredName || b.candidateFirstName} ${b.candidateLastName ?? ''}`.trim()
          : null;
        const educator = named ?? (b.status === 'unfilled' ? 'Unfilled' : 'None assigned');
        const address = [b.addressLine1, b.addressLine2, b.suburb, b.state, b.postcode].filter(Boolean).join(', ');
        slice.createEvent({
          id: `booking-${b.id}@${host}`,
          // A zoned Luxon time: ical-generator writes a native Date's UTC fields under the TZID.
          start: DateTime.fromJSDate(b.startUtc, { zone: b.timeZone }),
          end: DateTime.fromJSDate(b.endUtc, { zone: b.timeZone }),
          timezone: b.timeZone,
          stamp: now,
          lastModified: b.updatedAt,
          created: b.createdAt,
          summary: titleOf(b.status, named, b.classification),
          location: `${b.locationName}, ${address}`,
          description: [
            `Status: ${STATUS_TEXT[b.status]}`,
            `Educator: ${educator}`,
            `School: ${b.clientName === b.locationName ? b.locationName : `${b.clientName} - ${b.locationName}`}`,
            `Booking: ${this.publicOrigin}/bookings/${b.id}`,
          ].join('\n'),
          url: `${this.publicOrigin}/bookings/${b.id}`,
          status: STATUS[b.status],
        });
      }
      const text = slice.toString();
      const first = text.search(/BEGIN:(VTIMEZONE|VEVENT)\r\n/);
      if (at === 0) head = text.slice(0, first);
      for (const [block, kind] of text.slice(first).matchAll(/BEGIN:(VTIMEZONE|VEVENT)\r\n[\s\S]*?END:\1\r\n/g)) {
        if (kind === 'VEVENT') events.push(block);
        else zones.set(/^TZID:(.*)\r$/m.exec(block)?.[1] ?? block, block);
      }
    }
    return `${head}${[...zones.values()].join('')}${events.join('')}END:VCALENDAR\r\n`;
  }
}
