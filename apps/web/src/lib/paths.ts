/**
 * Every route path of spec §2 in one place, so links and redirects never spell a path by hand. Where the spec
 * gives no path (the bookings children, the account-load, no-response, bad-request and expired-link pages, the
 * password reset and unlock links of our e-mails) the path is ours.
 */
export const paths = {
  home: '/',
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
  bookingsPendingApproval: '/bookings/pending-approval',
  bookingDetail: '/bookings/:bookingId',
  settings: '/settings',
  changePassword: '/settings/change-password',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unlock: '/unlock',
  /** An Approve or Reject link of the pending-approval e-mail (ours; the server's EMAIL_ACTION_PATH). */
  emailAction: '/email-action/:token',
  logout: '/logout',
  impersonateLogout: '/user/impersonate/logout',
  impersonateLogin: '/user/impersonate/:contactId',
  finance: '/finance',
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

export function invoicePath(invoiceNo: string): string {
  return `/finance/invoices/${encodeURIComponent(invoiceNo)}`;
}

export function bookingPath(bookingId: number): string {
  return `/bookings/${bookingId}`;
}

export function impersonateLoginPath(contactId: number | string): string {
  return `/user/impersonate/${encodeURIComponent(String(contactId))}`;
}

/** Spec §2: the landing page sits under the language, e.g. /en-au/landing. */
export function landingPath(language: string): string {
  return `/${encodeURIComponent(language.toLowerCase())}/landing`;
}
