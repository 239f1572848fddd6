import 'i18next';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type errors from './locales/en/errors.json';
import type pages from './locales/en/pages.json';
import type validation from './locales/en/validation.json';

// Typed keys: a misspelt or missing text key is a compile error, with `en` as the reference.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      errors: typeof errors;
      pages: typeof pages;
      validation: typeof validation;
    };
  }
}
