import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every user-visible text lives in `src/locales/<locale>/<namespace>.json`. `en` is complete; the regional
 * folders (en-AU, en-GB, …) hold only what differs and fall back to `en` key by key.
 */
export const SUPPORTED_LOCALES = ['en', 'en-AU', 'en-GB', 'en-US', 'en-CA', 'en-NZ'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const FALLBACK_LOCALE: SupportedLocale = 'en';
export const NAMESPACES = ['common', 'auth', 'errors', 'pages', 'validation', 'availability'] as const;

const files = import.meta.glob<{ default: ResourceLanguage[string] }>('../locales/*/*.json', { eager: true });

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, locale = '', namespace = ''] = match;
    resources[locale] ??= {};
    resources[locale][namespace] = module.default;
  }
  return resources;
}

/** Maps any locale string (from configuration or a profile) to one we ship, e.g. "en-au" → "en-AU". */
export function resolveLocale(locale: string | null | undefined): SupportedLocale {
  if (!locale) return FALLBACK_LOCALE;
  const exact = SUPPORTED_LOCALES.find((candidate) => candidate.toLowerCase() === locale.toLowerCase());
  return exact ?? FALLBACK_LOCALE;
}

/** Initialises i18next synchronously with the bundled texts; safe to call more than once. */
export function initI18n(locale: string = FALLBACK_LOCALE): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: buildResources(),
      lng: resolveLocale(locale),
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false }, // React escapes already
      returnNull: false,
      initAsync: false,
    });
    i18n.on('languageChanged', syncDocumentLanguage);
  } else if (i18n.language !== resolveLocale(locale)) {
    void i18n.changeLanguage(resolveLocale(locale));
  }
  syncDocumentLanguage(i18n.language);
  return i18n;
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18n };
