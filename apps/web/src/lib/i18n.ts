import i18n, { type BackendModule, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { brandFor } from '@portal/contract/format/brand';

/**
 * Every user-visible text lives in `src/locales/<locale>/<namespace>.json`. `en` is complete; the regional
 * folders (en-US, …) hold only what differs and fall back to `en` key by key. The product and company names
 * (`appName`, `companyName` in `common`) come from the contract's brand table, which the server's e-mails use too.
 *
 * Only the namespaces of the first page (sign-in, loading and error screens) are bundled with the entry; every
 * other namespace is its own small chunk, loaded (for the active locale and `en`) before any other page renders
 * (`loadDeferredTexts`, called by `loadChunk`) and on a change of language (i18next's backend).
 */
export const SUPPORTED_LOCALES = ['en', 'en-AU', 'en-GB', 'en-US', 'en-CA', 'en-NZ'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const FALLBACK_LOCALE: SupportedLocale = 'en';
export const NAMESPACES = ['common', 'auth', 'errors', 'pages', 'validation', 'availability', 'bookings-list'] as const;
/** Keep in step with the two glob patterns below (import.meta.glob takes literals only). */
export const FIRST_PAGE_NAMESPACES = ['common', 'auth', 'errors', 'validation'] as const;

type TextModule = { default: ResourceLanguage[string] };
const bundled = import.meta.glob<TextModule>('../locales/*/{common,auth,errors,validation}.json', { eager: true });
const deferred = import.meta.glob<TextModule>(['../locales/*/*.json', '!../locales/*/{common,auth,errors,validation}.json']);

function localeAndNamespace(path: string): [string, string] | undefined {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? [match[1] ?? '', match[2] ?? ''] : undefined;
}

/** The texts of `common` that name the product and the company of a region (spec §1). */
export interface BrandTexts {
  appName: string;
  companyName: string;
}

export function brandTexts(locale: string): BrandTexts {
  const brand = brandFor(locale);
  return { appName: brand.productName, companyName: brand.companyName };
}

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(bundled)) {
    const found = localeAndNamespace(path);
    if (!found) continue;
    const [locale, namespace] = found;
    resources[locale] ??= {};
    resources[locale][namespace] = module.default;
  }
  for (const locale of SUPPORTED_LOCALES) {
    const texts = (resources[locale] ??= {});
    texts.common = { ...(texts.common as object | undefined), ...brandTexts(locale) };
  }
  return resources;
}

/** Every namespace that is not bundled: the declared ones and any file found under locales/en. */
export const DEFERRED_NAMESPACES: readonly string[] = [
  ...new Set([
    ...NAMESPACES,
    ...Object.keys(deferred).flatMap((path) => {
      const found = localeAndNamespace(path);
      return found && found[0] === FALLBACK_LOCALE ? [found[1]] : [];
    }),
  ]),
].filter((namespace) => !(FIRST_PAGE_NAMESPACES as readonly string[]).includes(namespace));

/** i18next backend reading the deferred namespaces from their chunks; a regional file that does not exist is empty. */
const deferredTexts: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = deferred[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Maps any locale string (from configuration or a profile) to one we ship, e.g. "en-au" → "en-AU". */
export function resolveLocale(locale: string | null | undefined): SupportedLocale {
  if (!locale) return FALLBACK_LOCALE;
  const exact = SUPPORTED_LOCALES.find((candidate) => candidate.toLowerCase() === locale.toLowerCase());
  return exact ?? FALLBACK_LOCALE;
}

/** Initialises i18next synchronously with the bundled texts; safe to call more than once. */
export function initI18n(locale: string = FALLBACK_LOCALE): typeof i18n {
  if (!i18n.isInitialized) {
    void i18n
      .use(initReactI18next)
      .use(deferredTexts)
      .init({
        resources: buildResources(),
        // The bundled namespaces come from `resources`, the others through the backend.
        partialBundledLanguages: true,
        lng: resolveLocale(locale),
        fallbackLng: FALLBACK_LOCALE,
        supportedLngs: [...SUPPORTED_LOCALES],
        ns: [...FIRST_PAGE_NAMESPACES],
        defaultNS: 'common',
        interpolation: { escapeValue: false }, // React escapes already
        returnNull: false,
        initAsync: false,
        // A namespace not loaded yet renders when it arrives instead of suspending the page.
        react: { useSuspense: false },
      });
    i18n.on('languageChanged', syncDocumentLanguage);
  } else if (i18n.language !== resolveLocale(locale)) {
    void i18n.changeLanguage(resolveLocale(locale));
  }
  syncDocumentLanguage(i18n.language);
  return i18n;
}

/** Loads the namespaces not bundled with the entry (active locale and fallback); resolves at once when loaded. */
export function loadDeferredTexts(): Promise<void> {
  if (!i18n.isInitialized) initI18n();
  const missing = DEFERRED_NAMESPACES.filter((namespace) => !i18n.hasLoadedNamespace(namespace));
  return missing.length === 0 ? Promise.resolve() : i18n.loadNamespaces(missing);
}

/** Tests: every namespace of every locale, as the bundle had before texts were split. */
export async function loadAllTextsForTests(): Promise<void> {
  await loadDeferredTexts();
  await i18n.loadLanguages([...SUPPORTED_LOCALES]);
}

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export { i18n };
