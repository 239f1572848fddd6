import type { RouteRequirement } from '@portal/contract/permissions';

/**
 * The Reports page opens for a contact who may see spend (accounts view, as the spend report's route) or bookings
 * (booking view, as the fill report's), somewhere in their tree. Which reports it shows follows the schools
 * selected in the header; the server refuses each report on its own.
 */
export const REPORTS_REQUIREMENT = {
  requirement: 'ONE',
  permissions: [
    { scope: 'accounts', action: 'view', level: 'group_and_below' },
    { scope: 'booking', action: 'view', level: 'group_and_below' },
  ],
} as const satisfies RouteRequirement;
