import { pgEnum } from 'drizzle-orm/pg-core';
import {
  ABSENCE_REASONS,
  BOOKING_REQUEST_STATUSES,
  BOOKING_STATUSES,
  CURRENCIES,
  LOCALES,
  LOCATION_TYPES,
  OUTBOX_CHANNELS,
  PERMISSION_MODIFIERS,
  PERMISSION_SCOPES,
  RATE_UNIT_TYPES,
  REPLACE_ME_RECORD_STATUSES,
  SERVICE_STATUS_SEVERITIES,
  TIMESHEET_DECISIONS,
  TIMESHEET_STATUSES,
} from '@portal/contract/domain';

// Every enum takes its values from the contract, so the database cannot hold a value the API does not know.
export const localeEnum = pgEnum('locale', LOCALES);
export const currencyEnum = pgEnum('currency', CURRENCIES);
export const locationTypeEnum = pgEnum('location_type', LOCATION_TYPES);
export const permissionScopeEnum = pgEnum('permission_scope', PERMISSION_SCOPES);
export const permissionModifierEnum = pgEnum('permission_modifier', PERMISSION_MODIFIERS);
export const rateUnitTypeEnum = pgEnum('rate_unit_type', RATE_UNIT_TYPES);
export const bookingStatusEnum = pgEnum('booking_status', BOOKING_STATUSES);
export const bookingRequestStatusEnum = pgEnum('booking_request_status', BOOKING_REQUEST_STATUSES);
export const absenceReasonEnum = pgEnum('absence_reason', ABSENCE_REASONS);
export const timesheetStatusEnum = pgEnum('timesheet_status', TIMESHEET_STATUSES);
export const timesheetDecisionEnum = pgEnum('timesheet_decision', TIMESHEET_DECISIONS);
export const replaceMeStatusEnum = pgEnum('replace_me_status', REPLACE_ME_RECORD_STATUSES);
export const serviceStatusSeverityEnum = pgEnum('service_status_severity', SERVICE_STATUS_SEVERITIES);
export const outboxChannelEnum = pgEnum('outbox_channel', OUTBOX_CHANNELS);
