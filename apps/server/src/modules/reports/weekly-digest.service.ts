import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import { LOCALES, type Locale } from '@portal/contract/domain';
import { scopeOf, type PermissionTree } from '@portal/contract/permissions';
import type { WeeklyDigestSetting } from '@portal/contract/reports';
import { fillRatePercentage } from '@portal/contract/dashboard';
import type { Db, DbOrTx } from '@portal/db/client';
import { AppError } from '../../lib/app-error';
import type { JobQueue } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { weeklyDigestMail } from '../../mail/mails';
import type { WeeklyDigestMail } from '../../mail/weekly-digest-mail';
import { permissionTreeOf } from '../profile/permission-tree.port';
import { fillGroups, spendLineDates } from './reports.repository';
import { spendReport } from './reports.service';
import {
  claimDigestWeek,
  digestSentFor,
  digestSubscribers,
  setWeeklyDigest,
  unfilledBookings,
  weeklyDigestSetting,
  type DigestSubscriber,
} from './weekly-digest.repository';

/**
 * The weekly digest e-mail: every contact who asked for it gets one a week, on Monday from 07:00 in the zone of their
 * first school, with last week's spend (accounts view) and fill rate (booking view) and the coming week's unfilled
 * bookings (booking view), in the contact's language. A scheduled job looks every quarter of an hour; the contact's
 * week is claimed (weekly_digest_sends) in the transaction that queues the mail, so however many runs or servers
 * see the same Monday, one mail goes out.
 */

export const WEEKLY_DIGEST_JOB = 'weekly-digest';
export const WEEKLY_DIGEST_INTERVAL_MS = 15 * 60 * 1000;
/** The hour of Monday (local) from which the digest goes out. */
export const DIGEST_HOUR = 7;
/** Unfilled bookings listed one by one; the rest are counted. */
export const DIGEST_UNFILLED_LISTED = 10;

const asLocale = (language: string): Locale => ((LOCALES as readonly string[]).includes(language) ? (language as Locale) : 'en');

/** The Monday ('YYYY-MM-DD') whose digest is due at `now` in `zone`, or null when it is not Monday morning there. */
export function digestWeekAt(now: Date, zone: string): string | null {
  const local = DateTime.fromJSDate(now, { zone });
  if (!local.isValid || local.weekday !== 1 || local.hour < DIGEST_HOUR) return null;
  return local.toISODate();
}

export class WeeklyDigestService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly now: () => Date,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async setting(contactId: number): Promise<WeeklyDigestSetting> {
    const on = await weeklyDigestSetting(this.db, contactId);
    if (on === null) throw new AppError('not-found', { detail: 'There is no such contact.' });
    return { weeklyDigest: on };
  }

  async change(contactId: number, setting: WeeklyDigestSetting): Promise<WeeklyDigestSetting> {
    if (!(await setWeeklyDigest(this.db, contactId, setting.weeklyDigest)))
      throw new AppError('not-found', { detail: 'There is no such contact.' });
    return setting;
  }

  /** One look: each subscriber whose Monday morning it is and who has not had this week's digest gets it. Answers how many were queued. */
  async run(): Promise<number> {
    const now = this.now();
    let queued = 0;
    for (const subscriber of await digestSubscribers(this.db)) {
      const weekOf = subscriber.time_zone ? digestWeekAt(now, subscriber.time_zone) : null;
      if (!weekOf || (await digestSentFor(this.db, subscriber.id, weekOf))) continue;
      try {
        if (await this.send(subscriber, weekOf)) queued += 1;
      } catch (err) {
        // One contact's failure does not hold back the others; the next look tries again (nothing was claimed).
        this.log?.error({ err, contactId: subscriber.id }, 'weekly digest not queued');
      }
    }
    return queued;
  }

  private async send(subscriber: DigestSubscriber, weekOf: string): Promise<boolean> {
    const tree = await permissionTreeOf(this.db, subscriber.id);
    const message = await weeklyDigestMail(await this.mailOf(this.db, subscriber, tree, weekOf));
    return this.db.transaction(async (tx) => {
      if (!(await claimDigestWeek(tx, subscriber.id, weekOf, this.now()))) return false;
      await this.mailer.queue(message, { tx });
      return true;
    });
  }

  private async mailOf(db: DbOrTx, subscriber: DigestSubscriber, tree: PermissionTree, weekOf: string): Promise<WeeklyDigestMail> {
    const monday = DateTime.fromISO(weekOf, { zone: 'utc' });
    const lastWeek = { from: monday.minus({ days: 7 }).toISODate()!, to: monday.minus({ days: 1 }).toISODate()! };
    const comingWeek = { from: weekOf, to: monday.plus({ days: 6 }).toISODate()! };
    const accounts = scopeOf(tree, 'accounts', 'view').clientIds;
    const booking = scopeOf(tree, 'booking', 'view');
    const seesBookings = booking.clientIds.length > 0 || booking.locationIds.length > 0;

    let spend: WeeklyDigestMail['spend'] = null;
    if (accounts.length > 0) {
      const rows = await spendLineDates(db, accounts, lastWeek.from, lastWeek.to);
      spend = spendReport(rows, { ...lastWeek, groupBy: 'client', clientIds: accounts }, new Map()).totals;
    }
    let fill: WeeklyDigestMail['fill'] = null;
    let unfilled: WeeklyDigestMail['unfilled'] = null;
    if (seesBookings) {
      const total = (await fillGroups(db, booking, lastWeek.from, lastWeek.to, 'client')).find((g) => g.key === null);
      const bookings = total?.bookings ?? 0;
      fill = { bookings, filled: total?.filled ?? 0, fillRatePercentage: fillRatePercentage(bookings, total?.unfilled ?? 0) };
      const open = await unfilledBookings(db, booking, comingWeek.from, comingWeek.to, DIGEST_UNFILLED_LISTED);
      unfilled = {
        total: open.total,
        bookings: open.rows.map((b) => ({
          id: b.id,
          dateLocal: b.date_local,
          startTime: b.start_time_local,
          endTime: b.end_time_local,
          school: b.location_name.includes(b.client_name) ? b.location_name : `${b.client_name} - ${b.location_name}`,
          role: b.classification_title,
        })),
      };
    }
    return {
      to: subscriber.email,
      locale: asLocale(subscriber.language),
      origin: this.mailer.portalOrigin,
      firstName: subscriber.first_name,
      lastWeek,
      comingWeek,
      spend,
      fill,
      unfilled,
    };
  }
}

/** Schedules the look every quarter of an hour on the job queue; it stops with the queue. */
export function scheduleWeeklyDigest(jobs: Pick<JobQueue, 'every'>, service: WeeklyDigestService): () => Promise<void> {
  return jobs.every(WEEKLY_DIGEST_JOB, WEEKLY_DIGEST_INTERVAL_MS, async () => {
    await service.run();
  });
}
