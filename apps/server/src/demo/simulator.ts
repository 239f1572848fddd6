import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import type { Db } from '@portal/db/client';
import { REPLACE_ME_STATUSES } from '@portal/contract/domain';
import type { Mailer } from '../lib/mailer';
import { AppError } from '../lib/app-error';
import { ProviderService } from '../modules/provider/provider.service';
import { ProviderTimesheetsService } from '../modules/provider/provider-timesheets.service';
import { openReplaceMeRequests } from './simulator.repository';
import type { JobQueue } from '../lib/jobs';

/**
 * The provider simulator of the demo (DESIGN 'Demo world'): on every tick it fills unfilled bookings with a free
 * educator, moves replace-me requests one state along, and marks bookings commenced and completed as their times
 * pass. It acts through ProviderService, as provider staff would through the API. Requests made in the last hour
 * come first, newest first (the seeded world has many), so a booking made in the demo is filled within a tick; then the backlog, oldest
 * request first, a little at a time. A failed tick is logged and never stops the server.
 * Timesheets: educators submit the hours of completed bookings (some changed, a few that did not
 * happen); reviews the school asked for while the server runs are settled a minute later, and the invoicing run
 * (one invoice per client and week of bookings) takes what was approved two minutes after approval; the seeded
 * backlog of both once a week; invoices are paid once due. A timesheet approved in the demo is seen invoiced a few ticks
 * later, while the seeded world keeps timesheets approved for invoice to look at.
 */

export interface SimulatorOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Milliseconds between ticks; 0 = never ticks on its own. */
  intervalMs: number;
  /** Bookings filled per tick. */
  fillPerTick?: number;
  /** Of those, bookings of requests that reached the provider over an hour ago (the backlog). */
  backlogPerTick?: number;
  /** Replace-me requests advanced per tick. */
  replaceMePerTick?: number;
  /** A review the school asked for is settled this long after its decision (default 60 s). */
  settleAfterMs?: number;
  /** An approved timesheet is invoiced this long after its approval (default 120 s). */
  invoiceAfterMs?: number;
  /** The app's services (app.services); a simulator built alone (tests) makes its own. */
  services?: { provider: ProviderService; providerTimesheets: ProviderTimesheetsService };
  /**
   * The job queue: each tick is a scheduled job (lib/jobs.ts), so that of several server processes on one database
   * one runs each interval's tick, and the others go on ticking when one goes. Without it, this process ticks on a
   * timer of its own.
   */
  jobs?: Pick<JobQueue, 'every'>;
}

export interface TickReport {
  filled: number[];
  replaceMe: Array<{ id: number; status: string }>;
  commenced: number;
  completed: number;
  timesheets: number[];
  settled: number[];
  invoices: string[];
  paid: number;
}

/** '2026-W12' of an instant (UTC): the weekly invoicing runs when it changes. */
function isoWeek(at: Date): string {
  const d = DateTime.fromJSDate(at, { zone: 'UTC' });
  return `${d.weekYear}-W${d.weekNumber}`;
}

/** The scheduled job of the ticks (lib/jobs.ts). */
export const SIMULATOR_JOB = 'demo-simulator';

/** Requests at most this old count as "just made" and jump the backlog. */
const RECENT_MS = 60 * 60 * 1000;

export class DemoSimulator {
  private readonly service: ProviderService;
  private readonly timesheets: ProviderTimesheetsService;
  private timer: NodeJS.Timeout | undefined;
  private unschedule: (() => Promise<void>) | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  /** Decisions from this instant on are settled and invoiced a little after they happen; the backlog weekly. */
  private readonly startedAt: Date;
  private weekOfLastBacklog: string;

  constructor(private readonly options: SimulatorOptions) {
    this.service = options.services?.provider ?? new ProviderService(options.db, options.mailer, options.now, options.log);
    this.timesheets = options.services?.providerTimesheets ?? new ProviderTimesheetsService(options.db, options.now);
    this.startedAt = options.now();
    this.weekOfLastBacklog = isoWeek(this.startedAt);
  }

  start(): void {
    if (this.options.intervalMs <= 0 || this.timer || this.unschedule || this.stopped) return;
    if (this.options.jobs) this.unschedule = this.options.jobs.every(SIMULATOR_JOB, this.options.intervalMs, () => this.scheduledTick());
    else this.schedule();
    this.options.log.info({ intervalMs: this.options.intervalMs }, 'demo provider simulator started');
  }

  /** Stops ticking and waits for a tick under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.unschedule?.();
    await this.running;
  }

  /** A tick of the scheduled job; a failure is logged here and counted by the queue. */
  private async scheduledTick(): Promise<void> {
    if (this.stopped) return;
    const work = this.tick();
    this.running = work.catch(() => {});
    try {
      await work;
    } catch (err) {
      this.options.log.error({ err }, 'demo simulator tick failed');
      throw err;
    } finally {
      this.running = undefined;
    }
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((err: unknown) => this.options.log.error({ err }, 'demo simulator tick failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule();
        });
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** One round of the provider's work. Each step is guarded on its own, so one failing does not stop the others. */
  async tick(): Promise<TickReport> {
    const report: TickReport = {
      filled: [],
      replaceMe: [],
      commenced: 0,
      completed: 0,
      timesheets: [],
      settled: [],
      invoices: [],
      paid: 0,
    };
    const now = this.options.now();
    await this.step('fill', () => this.fill(now, report));
    await this.step('replace-me', () => this.replaceMe(now, report));
    await this.step('progress', async () => {
      const done = await this.service.progressDue(now, 500);
      report.commenced = done.commenced.length;
      report.completed = done.completed.length;
    });
    await this.step('timesheets', async () => {
      report.timesheets = await this.timesheets.educatorsSubmitDue(now, 50);
    });
    // What the school decided while this server runs is settled and invoiced a little later; the backlog (the
    // seeded world's reviews and approvals) once a week, so the demo keeps timesheets in every state to look at.
    const week = isoWeek(now);
    const since = week === this.weekOfLastBacklog ? this.startedAt : undefined;
    this.weekOfLastBacklog = week;
    await this.step('settle', async () => {
      report.settled = await this.timesheets.settleDue(now, this.options.settleAfterMs ?? 60_000, 20, since);
    });
    await this.step('invoicing', async () => {
      const run = await this.timesheets.runInvoicing({
        approvedBefore: new Date(now.getTime() - (this.options.invoiceAfterMs ?? 120_000)),
        approvedAfter: since,
      });
      report.invoices = run.invoices.map((i) => i.invoiceNo);
    });
    await this.step('payments', async () => {
      report.paid = await this.timesheets.payDue(now, 3);
    });
    const { filled, replaceMe, commenced, completed, timesheets, settled, invoices, paid } = report;
    if (filled.length || replaceMe.length || commenced || completed || timesheets.length || settled.length || invoices.length || paid) {
      this.options.log.info(
        {
          filled: filled.length,
          replaceMe: replaceMe.length,
          commenced,
          completed,
          timesheets: timesheets.length,
          settled: settled.length,
          invoices: invoices.length,
          paid,
        },
        'demo simulator tick',
      );
    }
    return report;
  }

  private async step(name: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.options.log.error({ err, step: name }, 'demo simulator step failed');
    }
  }

  private async fill(now: Date, report: TickReport): Promise<void> {
    const recentSince = new Date(now.getTime() - RECENT_MS);
    const open = await this.service.openBookings(this.options.fillPerTick ?? 5, recentSince, now);
    // New requests get the whole batch; the seeded backlog (over a thousand at scale 1) only a few a tick, so the
    // demo keeps open bookings to look at for hours.
    let backlog = this.options.backlogPerTick ?? 1;
    for (const booking of open) {
      if (Date.parse(booking.sentAt) < recentSince.getTime() && backlog-- <= 0) break;
      const candidateId = await this.service.findFreeCandidate({
        clientId: booking.clientId,
        country: booking.country,
        dateLocal: booking.dateLocal,
        salt: booking.id,
        // The educator the school asked for first, when free; then its favourites.
        requestedCandidateId: booking.requestedCandidateId,
      });
      if (candidateId === null) continue;
      try {
        await this.service.assign(booking.id, candidateId);
        report.filled.push(booking.id);
      } catch (err) {
        // Someone (staff, a cancel) got there first: the next tick looks again.
        if (!(err instanceof AppError)) throw err;
      }
    }
  }

  private async replaceMe(now: Date, report: TickReport): Promise<void> {
    // A day back covers every zone's today; past days are left as they are.
    const fromDay = DateTime.fromJSDate(now, { zone: 'UTC' }).minus({ days: 1 }).toISODate()!;
    const due = await openReplaceMeRequests(this.options.db, fromDay, this.options.replaceMePerTick ?? 5);
    for (const request of due) {
      if (request.status === 'withdrawn') continue;
      if (request.selectedDay < DateTime.fromJSDate(now, { zone: request.timeZone }).toISODate()!) continue;
      const next = REPLACE_ME_STATUSES[REPLACE_ME_STATUSES.indexOf(request.status) + 1]!;
      let candidateId: number | undefined;
      if (next === 'replacement_found') {
        const found = await this.service.findFreeCandidate({
          clientId: request.clientId,
          country: request.country,
          dateLocal: request.selectedDay,
          salt: request.id,
        });
        if (found === null) continue;
        candidateId = found;
      }
      try {
        const advanced = await this.service.advanceReplaceMe(request.id, next, { candidateId, now });
        report.replaceMe.push({ id: advanced.id, status: advanced.status });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
  }
}

/**
 * Creates the simulator of a demo server and ties it to the app's life: it stops (and waits for its tick) when the
 * app closes. Call before the app is ready; `start()` it once the server listens.
 */
export function attachSimulator(app: FastifyInstance, intervalMs: number): DemoSimulator {
  const simulator = new DemoSimulator({
    // On PostgreSQL several server processes may run: each interval's tick runs on one of them.
    jobs: app.jobs,
    db: app.database.db,
    mailer: app.mailer,
    log: app.log,
    now: app.now,
    intervalMs,
    services: app.services,
  });
  app.addHook('onClose', async () => simulator.stop());
  return simulator;
}
