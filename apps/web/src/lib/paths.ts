import { bookingPath, PORTAL_PATHS } from '@portal/contract/portal-paths';

/**
 * Every route path of spec §2 in one place, so links and redirects never spell a path by hand. Where the spec
 * gives no path (the bookings children, the account-load, no-response, bad-request and expired-link pages, the
 * password reset and unlock links of our e-mails) the path is ours. The paths our e-mails link to come from the
 * contract (portal-paths.ts), which the server builds those links with.
 */
export const paths = {
  home: PORTAL_PATHS.home,
  availability: '/availability',
  clientOverview: '/overview',
  groupOverview: '/group-overview',
  timesheets: '/timesheets',
  candidates: '/candidates',
  help: '/help',
  /** Help without a session (ours: the spec's /help needs one). */
  publicHelp: '/help/contact',
  bookings: '/bookings',
  bookingsCreate: '/bookings/create',
  bookingsPendingApproval: PORTAL_PATHS.bookingsPendingApproval,
  bookingDetail: '/bookings/:bookingId',
  settings: PORTAL_PATHS.settings,
  changePassword: PORTAL_PATHS.changePassword,
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: PORTAL_PATHS.resetPassword,
  unlock: PORTAL_PATHS.unlock,
  /** An Approve or Reject link of the pending-approval e-mail (ours). */
  emailAction: `${PORTAL_PATHS.emailActionPrefix}:token`,
  logout: '/logout',
  impersonateLogout: '/user/impersonate/logout',
  impersonateLogin: '/user/impersonate/:contactId',
  finance: '/finance',
  reports: '/reports',
  invoiceDetails: '/finance/invoices/:invoiceNo',
  underConstruction: '/under-construction',
  landing: '/:lang/landing',
  notFound: '/404',
  error: '/500',
  unauthorized: '/401',
  forbidden: '/403',
  badRequest: '/400',
  linkExpired: '/link-expired',
  errorRedirect: '/error',
  accountLoadFailed: '/account-load-failed',
  noServerResponse: '/no-server-response',
  actionLocked: '/action-locked',
} as const;

/** Why the generic error page was shown, when the app knows (`/500?reason=…`). */
export const ERROR_REASON_PARAM = 'reason';
export const ERROR_REASONS = { noClient: 'no-client' } as const;

export function invoicePath(invoiceNo: string): string {
  return `/finance/invoices/${encodeURIComponent(invoiceNo)}`;
}

export { bookingPath };

export function impersonateLoginPath(contactId: number | string): string {
  return `/user/impersonate/${encodeURIComponent(String(contactId))}`;
}

/** Spec §2: the landing page sits under the language, e.g. /en-au/landing. */
export function landingPath(language: string): string {
  return `/${encodeURIComponent(language.toLowerCase())}/landing`;
}

/** Query parameters of the create-booking form's presets (ours: a quick entry opens the form filled in). */
export const CREATE_BOOKING_PARAMS = { day: 'day', school: 'school', educator: 'educator' } as const;

/**
 * The create-booking form with presets: the next school day chosen (`nextSchoolDay`), one school's location
 * (`clientId`), an educator asked for (`candidateId`).
 */
export function createBookingPath(preset: { nextSchoolDay?: boolean; clientId?: number; candidateId?: number } = {}): string {
  const query = new URLSearchParams();
  if (preset.nextSchoolDay) query.set(CREATE_BOOKING_PARAMS.day, 'next');
  if (preset.clientId !== undefined) query.set(CREATE_BOOKING_PARAMS.school, String(preset.clientId));
  if (preset.candidateId !== undefined) query.set(CREATE_BOOKING_PARAMS.educator, String(preset.candidateId));
  const text = query.toString();
  return text ? `${paths.bookingsCreate}?${text}` : paths.bookingsCreate;
}
