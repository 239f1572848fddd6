// First, so that the components' own CSS (imported below them) comes after the base rules it refines.
import './styles/base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { dismissBootPaint } from './app/boot-paint';
import { loadTheme } from './app/themed';
import { loadQueryClient } from './lib/app-query-client';
import { i18n, initI18n, resolveLocale } from './lib/i18n';
import { paths } from './lib/paths';
import { loadRuntimeConfig, localeForOrigin, RuntimeConfigError } from './lib/runtime-config';
import { startColorScheme } from './lib/color-scheme';
import { yieldToMain } from './lib/yield-to-main';
import { warmIntl } from './lib/warm-intl';
import { registerServiceWorkerLater } from './app/service-worker/register-later';

// zod compiles object parsers with `new Function` unless told not to. The CSP (script-src 'self') forbids eval, so
// every probe was a reported violation (Lighthouse best practices). This is the object `z.config()` writes to
// (zod keeps it on globalThis so every copy shares it); set here, before any schema is built (all in lazy chunks),
// it costs no zod code on the first page. `z.config({ jitless: true })` would bring about 3 kB gzip of zod here.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });

// Inter is not render-blocking: its stylesheet loads alongside the app (text shows in the system font until then,
// font-display: swap), so the loading view paints as soon as the HTML arrives.
void import('@fontsource-variable/inter/wght.css');

/** Start-up: loading screen, then configuration, then the locale, then the app (or a visible start-up error). */
async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The configuration first: the rest of the start waits for it, so it is on the network while the rest runs.
  const configLoad = loadRuntimeConfig();
  configLoad.catch(() => {}); // awaited below; this only keeps a failure that arrives early from being "unhandled"
  // index.html's static first screen (the sign-in card, a signed-in page's frame, else its loading view: boot-paint.js
  // picked it before the first paint) shows until the app's first render replaces it: drawing a loading view with
  // React here too was a render of its own, the app's costliest one (React's code is compiled as it first runs).
  // The colour scheme of the parts drawn before MUI has loaded (styles/base.css); MUI keeps the class once it has.
  // The user's choice, or the device's setting until one is made.
  startColorScheme();
  // The texts in a task of their own, after the entry's code has run in its own.
  await yieldToMain();
  initI18n();
  const root = createRoot(container);
  // The start is several short tasks rather than one long one (a phone's 4× slower CPU made it some 250 ms): the
  // browser can paint and answer input in between.
  await yieldToMain();

  // The sign-in page is the usual first page: its chunk downloads while the configuration and the session load,
  // instead of after them (the router imports the same module later and finds it ready). It formats no number or
  // date: the locale data loads once the form is sent, while the sign-in request is on the network (login-form.tsx),
  // or as a browser already signed in is sent on to Home (router.tsx).
  if (window.location.pathname === paths.login) void import('./features/auth/login-page').catch(() => {});
  else {
    // Every other page is drawn with MUI: its theme downloads meanwhile too (a failure shows when a page needs it).
    void loadTheme().catch(() => {});
    // And the locale data loads in tasks of its own while the configuration does, blocking nothing later.
    warmIntl();
  }

  registerServiceWorkerLater();
  try {
    const config = await configLoad;
    await i18n.changeLanguage(resolveLocale(localeForOrigin(config, window.location.origin)));
  } catch (error) {
    const unreachable = !navigator.onLine || (error instanceof RuntimeConfigError && error.unreachable);
    await (unreachable ? showOffline(root) : showBootError(root, error));
    return;
  }
  // Offline, the service worker answers with the configuration it last saw: the offline screen has the region's names.
  if (!navigator.onLine) {
    await showOffline(root);
    return;
  }

  // The router first, in a task of its own: creating it matches the address and starts the first navigation (the
  // session check, the page's code), work that React's render would otherwise do in one piece.
  const router = createAppRouter(loadQueryClient);
  await yieldToMain();
  // A transition: React renders the app in slices, yielding to the browser between them, instead of in one long
  // task that blocks input while the first page starts (total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

/**
 * No connection: the app itself came from the service worker's cache, but every page shows data that is never
 * cached, so an offline screen says so and tries again once the browser is back online.
 */
async function showOffline(root: Root): Promise<void> {
  dismissBootPaint();
  const screen = await import('./app/offline/offline-screen').catch(() => null);
  root.render(screen ? <screen.OfflineScreen /> : <p role="alert">{i18n.t('offline.title')}</p>);
}

/** The app cannot start: the error, named (spec §8). */
async function showBootError(root: Root, error: unknown): Promise<void> {
  console.error(error);
  dismissBootPaint();
  // Only shown when the app cannot start, so its code (MUI's Alert and theme) is not part of the first page.
  const message = error instanceof Error ? error.message : String(error);
  const screen = await Promise.all([import('./app/boot-error-screen'), import('./app/theme-providers')]).catch(() => null);
  if (!screen) {
    // Not even that chunk arrived (the server is gone): the plain message.
    root.render(<p role="alert">{`${i18n.t('boot.title')}: ${message}`}</p>);
    return;
  }
  const [{ BootErrorScreen }, { ThemeProviders }] = screen;
  root.render(
    <StrictMode>
      <ThemeProviders>
        <BootErrorScreen message={message} />
      </ThemeProviders>
    </StrictMode>,
  );
}

void boot();
