/**
 * The web app's paths that something outside it links to: the server's e-mails (a booking, pending approval,
 * settings, the password and unlock pages, the Approve and Reject page). The web's route table (lib/paths.ts) takes
 * these from here, so a link in a mail and the route it opens cannot drift apart.
 */
export const PORTAL_PATHS = {
  home: '/',
  bookings: '/bookings',
  bookingsPendingApproval: '/bookings/pending-approval',
  reports: '/reports',
  settings: '/settings',
  changePassword: '/settings/change-password',
  resetPassword: '/reset-password',
  unlock: '/unlock',
  /** Followed by the link's secret. */
  emailActionPrefix: '/email-action/',
} as const;

/** One booking's page (the detail of its request, with the other dates of a block). */
export function bookingPath(bookingId: number): string {
  return `/bookings/${bookingId}`;
}

/** An absolute link into the portal: the public origin (no trailing slash) and a path of this file. */
export function portalUrl(origin: string, path: string): string {
  return `${origin.replace(/\/$/, '')}${path}`;
}
