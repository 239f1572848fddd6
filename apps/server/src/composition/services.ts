import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@portal/db/client';
import { deliverableMethodsOf, type Config } from '../config';
import type { Mailer } from '../lib/mailer';
import type { Notifier } from '../lib/notifier';
import type { ServerKeys } from '../lib/secrets';
import { systemClock } from '../lib/clock';
import { VersionedAnswers } from '../lib/versioned-answers';
import { VersionedSnapshots } from '../lib/versioned-snapshots';
import { AvailabilityService } from '../modules/availability/availability.service';
import { BookingNotifier } from '../modules/bookings/booking-notifications';
import { BookingReferenceService } from '../modules/bookings/booking-reference.service';
import { FirstPageService } from '../modules/first-page/first-page.service';
import { BookingsService } from '../modules/bookings/bookings.service';
import { BookingSummariesService } from '../modules/bookings/booking-summaries.service';
import { CancellationRequestService } from '../modules/bookings/cancellation-request.service';
import { CreateBookingService } from '../modules/bookings/create-booking.service';
import { ExtendBookingService } from '../modules/bookings/extend-booking.service';
import { CalendarFeedService } from '../modules/calendar-feed/calendar-feed.service';
import { EmailActionsService } from '../modules/email-actions/email-actions.service';
import { CandidatesService } from '../modules/candidates/candidates.service';
import { ClientDetailsService } from '../modules/clients/client-details.service';
import { OutboxService } from '../modules/dev/outbox.service';
import { FileAccessKeys } from '../modules/files/file-access-keys';
import { FilesService } from '../modules/files/files.service';
import type { AccessTokens } from '../modules/identity/access-tokens';
import type { PageTokens } from '../modules/identity/page-tokens';
import type { AttemptCounters } from '../modules/identity/attempt-counters';
import { AuthService } from '../modules/identity/auth.service';
import { SecondStepService } from '../modules/identity/second-step.service';
import type { PrincipalCache } from '../modules/identity/principal-cache';
import { StaffDirectory } from '../modules/identity/staff-directory';
import { LiveEventHub } from '../modules/live-events/live-events.hub';
import { LiveEventsService } from '../modules/live-events/live-events.service';
import { LocationListService } from '../modules/locations/location-list.service';
import { GroupOverviewService } from '../modules/overview/group-overview.service';
import { ProfileService } from '../modules/profile/profile.service';
import { ServiceStatusService } from '../modules/service-status/service-status.service';
import { FeedbackService } from '../modules/feedback/feedback.service';
import { InvoicesService } from '../modules/invoices/invoices.service';
import { PendingBookingsService } from '../modules/pending-bookings/pending-bookings.service';
import { ProviderTimesheetsService } from '../modules/provider/provider-timesheets.service';
import { ProviderService } from '../modules/provider/provider.service';
import { PushSubscriptionsService } from '../modules/push/push.service';
import { ReplaceMeService } from '../modules/replace-me/replace-me.service';
import { SchoolSsoService } from '../modules/identity/school-sso.service';
import { ReportsService } from '../modules/reports/reports.service';
import { WeeklyDigestService } from '../modules/reports/weekly-digest.service';
import { providerContactsOf } from '../modules/system/provider-contacts';
import { providerEntitiesOf, providerPaymentDetailsOf } from '../modules/invoices/provider-entities';
import { TimesheetExportService } from '../modules/timesheets/timesheet-export';
import { TimesheetsService } from '../modules/timesheets/timesheets.service';

/**
 * Every service, built once when the app is built and decorated onto it as `app.services` (routes take theirs from
 * there instead of constructing one per registration). Their collaborators are the app's own: one database, one
 * mailer (which also notifies), one clock (`app.now`, fixed by tests) and the root logger.
 */
export interface Collaborators {
  database: Database;
  mailer: Mailer;
  /** The app's one clock. */
  now: () => Date;
  log: FastifyBaseLogger;
  config: Config;
  /** The server's keys (the master secret, and the previous one during a rotation). */
  keys: ServerKeys;
  /** Signed-in contacts, cached per process (composition/identity.ts). */
  principals: PrincipalCache;
  /** Messages between server processes (lib/notifier.ts): the live events hub is woken by them. */
  notifier: Notifier;
  /** Access tokens and sign-in counters (composition/identity.ts). */
  tokens: AccessTokens;
  pages: PageTokens;
  counters: AttemptCounters;
}

export function buildServices({
  database,
  mailer,
  now,
  log,
  config,
  keys,
  principals,
  tokens,
  pages,
  counters,
  notifier: messages,
}: Collaborators) {
  const db = database.db;
  // One notifier for every service that tells booking contacts (the mailer sends, or keeps, its messages).
  const notifier = new BookingNotifier(db, mailer, log);
  // Answers checked against data versions (docs/decisions/008), kept per process.
  const answers = new VersionedAnswers(db, config.answerCacheBytes);
  // A scope's rows held in memory per data version, for varied pages (docs/decisions/033): as much memory again.
  const snapshots = VersionedSnapshots.within(config.answerCacheBytes, now);
  const bookings = new BookingsService(db, mailer, now, answers, snapshots, log);
  const pendingBookings = new PendingBookingsService(db, mailer, now, log);
  // Approve from the e-mail: the links go out when a request starts waiting for approval.
  const emailActions = new EmailActionsService(db, mailer, now, config.publicOrigin, pendingBookings, log);
  // File access keys expire on the wall clock, as sign-ins do (lib/clock.ts).
  const files = new FilesService(db, new FileAccessKeys(keys, systemClock));
  const staffDirectory = new StaffDirectory(db);
  const bookingReference = new BookingReferenceService(db, now);
  // Sign-ins live on the wall clock, as the password ones; a group may refuse passwords for its single sign-on.
  const schoolSso = new SchoolSsoService({ database, config, keys, tokens, counters, now: systemClock });
  const calendarFeed = new CalendarFeedService(db, now, config.publicOrigin, answers);
  const invoices = new InvoicesService(
    db,
    now,
    providerContactsOf(config),
    providerEntitiesOf(config),
    answers,
    snapshots,
    providerPaymentDetailsOf(config),
  );
  // Challenges and codes of the second sign-in step are security lifetimes: the wall clock.
  const secondStep = new SecondStepService({ database, keys, publicOrigin: config.publicOrigin, now: systemClock });
  return {
    answers,
    snapshots,
    // Refresh tokens live and expire on the wall clock (lib/clock.ts); a password change also ends calendar feeds.
    auth: new AuthService({
      database,
      config,
      tokens,
      pages,
      counters,
      mailer,
      principals,
      now: systemClock,
      calendarFeeds: calendarFeed,
      secondStep,
      passwordPolicy: schoolSso,
    }),
    availability: new AvailabilityService(db, now),
    bookings,
    bookingReference,
    // Home and an invoice drawn into a cold start's HTML (decision 035).
    firstPage: new FirstPageService({ pages, principals, bookingReference, invoices, now }),
    bookingSummaries: new BookingSummariesService(db, answers),
    calendarFeed,
    cancellationRequests: new CancellationRequestService(db, mailer, bookings, providerContactsOf(config), now, log),
    createBooking: new CreateBookingService(db, mailer, log, now, notifier, emailActions, deliverableMethodsOf(config)),
    extendBooking: new ExtendBookingService(db, mailer, now, log),
    candidates: new CandidatesService(db, now, answers),
    clientDetails: new ClientDetailsService(db),
    feedback: new FeedbackService(db, config.publicOrigin, now),
    invoices,
    emailActions,
    files,
    groupOverview: new GroupOverviewService(db, now, answers),
    // Tickets expire on the wall clock, as the sign-ins they belong to.
    liveEvents: new LiveEventsService(db, principals, systemClock),
    // This process's fan-out of live events to its open streams (started and closed by the live-events routes).
    liveEventHub: new LiveEventHub({ db, notifier: messages, principals, log, clock: systemClock }),
    locationList: new LocationListService(db),
    outbox: new OutboxService(db),
    pendingBookings,
    profile: new ProfileService(db, files, staffDirectory, principals, now),
    provider: new ProviderService(db, mailer, now, log, notifier),
    providerTimesheets: new ProviderTimesheetsService(db, now),
    pushSubscriptions: new PushSubscriptionsService(db, now),
    replaceMe: new ReplaceMeService(db, now),
    schoolSso,
    reports: new ReportsService(db, answers, invoices),
    weeklyDigest: new WeeklyDigestService(db, mailer, now, log),
    serviceStatus: new ServiceStatusService(db, now),
    secondStep,
    staffDirectory,
    timesheets: new TimesheetsService(db, now, answers),
    timesheetExport: new TimesheetExportService(db),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
