import 'i18next';
import type auth from './locales/en/auth.json';
import type availability from './locales/en/availability.json';
import type bookingCreate from './locales/en/booking-create.json';
import type bookingsList from './locales/en/bookings-list.json';
import type candidates from './locales/en/candidates.json';
import type common from './locales/en/common.json';
import type emailAction from './locales/en/email-action.json';
import type errors from './locales/en/errors.json';
import type finance from './locales/en/finance.json';
import type pages from './locales/en/pages.json';
import type reports from './locales/en/reports.json';
import type timesheets from './locales/en/timesheets.json';
import type validation from './locales/en/validation.json';
import type { BrandTexts } from './lib/i18n';

// Typed keys: a misspelt or missing text key is a compile error, with `en` as the reference. Every namespace under
// locales/en is listed (i18n.test.ts checks none is left out).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common & BrandTexts;
      auth: typeof auth;
      availability: typeof availability;
      'booking-create': typeof bookingCreate;
      'bookings-list': typeof bookingsList;
      candidates: typeof candidates;
      'email-action': typeof emailAction;
      errors: typeof errors;
      finance: typeof finance;
      pages: typeof pages;
      reports: typeof reports;
      timesheets: typeof timesheets;
      validation: typeof validation;
    };
  }
}
