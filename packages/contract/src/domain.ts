/**
 * The domain's closed vocabularies (spec §3, §4, §6). The database enums, the API schemas and the web app all
 * take their values from here, so a value cannot exist on one side only.
 */

export const PERMISSION_SCOPES = ['booking', 'accounts', 'timesheets', 'pendingBooking', 'replaceMe'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

export const PERMISSION_MODIFIERS = ['all', 'view', 'create', 'modify', 'delete'] as const;
export type PermissionModifier = (typeof PERMISSION_MODIFIERS)[number];

/** Where a permission entry is held: a group, a client or a location node of the tree. */
export const PERMISSION_NODE_LEVELS = ['group', 'client', 'location'] as const;
export type PermissionNodeLevel = (typeof PERMISSION_NODE_LEVELS)[number];

export const LOCALES = ['en', 'en-US', 'en-CA', 'en-NZ', 'en-GB', 'en-AU'] as const;
export type Locale = (typeof LOCALES)[number];

export const CURRENCIES = ['USD', 'AUD', 'NZD', 'GBP', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const LOCATION_TAGS = { replaceMe: 'replace_me_feature_enabled', primary: 'primary', confirmed: 'confirmed' } as const;

/**
 * One booking per date. pending_approval and rejected belong to requests made by contacts who may only create
 * pending bookings; unfilled is open at the provider; filled has an educator; commenced and completed follow the
 * day itself.
 */
export const BOOKING_STATUSES = ['pending_approval', 'rejected', 'unfilled', 'filled', 'commenced', 'completed', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** withdrawn: the contact who asked took the request back before anyone decided (its bookings are cancelled). */
export const BOOKING_REQUEST_STATUSES = ['pending_approval', 'approved', 'rejected', 'withdrawn'] as const;
export type BookingRequestStatus = (typeof BOOKING_REQUEST_STATUSES)[number];

export const ABSENCE_REASONS = [
  'annual leave cover',
  'break cover',
  "carer's leave",
  'F&P testing',
  'government funding',
  'leave without pay',
  'long service leave',
  'not provided',
  'other',
  'professional development',
  'professional practice day',
  'rostered day off',
  'sick leave cover',
  'training cover',
  'vacant position',
] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];

/**
 * Why a timesheet's shift did not happen (its own list: the absence reasons say why a teacher was away, not why
 * an educator's day was not worked). Sent as the reason's first words; 'other' needs details.
 */
export const DID_NOT_HAPPEN_REASONS = [
  'educator did not attend',
  'school closed',
  'booking no longer needed',
  'booked in error',
  'shift worked on another timesheet',
  'other',
] as const;
export type DidNotHappenReason = (typeof DID_NOT_HAPPEN_REASONS)[number];

export const CONFIRMATION_METHODS = ['email', 'sms', 'voice', 'push'] as const;
export type ConfirmationMethod = (typeof CONFIRMATION_METHODS)[number];

/** Spec §4: pending review, pending approval, approved for invoice; invoiced once on an invoice. */
export const TIMESHEET_STATUSES = ['pending_review', 'pending_approval', 'approved_for_invoice', 'invoiced'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

/** What a client submits: only one kind at once (spec §4). */
export const TIMESHEET_DECISIONS = ['approved', 'modified', 'did_not_happen'] as const;
export type TimesheetDecision = (typeof TIMESHEET_DECISIONS)[number];

/** Spec §4's replace-me states, in the order a request moves through them. */
export const REPLACE_ME_STATUSES = ['scheduled', 'pending_approval', 'replacement_found', 'booking_created'] as const;
export type ReplaceMeStatus = (typeof REPLACE_ME_STATUSES)[number];
/** The states a teacher may still withdraw a request in (no replacement found yet). */
export const REPLACE_ME_WITHDRAWABLE = ['scheduled', 'pending_approval'] as const satisfies readonly ReplaceMeStatus[];
/** As stored: a withdrawn request is kept (audit, idempotent withdraw) but is no longer a request to anyone. */
export const REPLACE_ME_RECORD_STATUSES = [...REPLACE_ME_STATUSES, 'withdrawn'] as const;

export const SERVICE_STATUS_SEVERITIES = ['info', 'warning', 'error'] as const;
export type ServiceStatusSeverity = (typeof SERVICE_STATUS_SEVERITIES)[number];

export const OUTBOX_CHANNELS = ['email', 'sms', 'voice', 'push'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const DASHBOARD_LAYOUTS = { TILE: 0, LIST: 1, MAP: 2 } as const;

/** Early learning locations cap an extension block at 4 weeks (spec §5). */
export const LOCATION_TYPES = ['school', 'early_learning'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const RATE_UNIT_TYPES = ['hourly', 'daily'] as const;
export type RateUnitType = (typeof RATE_UNIT_TYPES)[number];
