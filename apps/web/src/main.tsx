import '@fontsource-variable/inter/wght.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { BootErrorScreen } from './app/boot-error-screen';
import { ThemeProviders } from './app/providers';
import { LoadingScreen } from './components/loading-screen';
import { i18n, initI18n, resolveLocale } from './lib/i18n';
import { loadRuntimeConfig, localeForOrigin } from './lib/runtime-config';

/** Start-up: loading screen, then configuration, then the locale, then the app (or a visible start-up error). */
async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  initI18n();
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <ThemeProviders>
        <LoadingScreen />
      </ThemeProviders>
    </StrictMode>,
  );

  try {
    const config = await loadRuntimeConfig();
    await i18n.changeLanguage(resolveLocale(localeForOrigin(config, window.location.origin)));
  } catch (error) {
    console.error(error);
    root.render(
      <StrictMode>
        <ThemeProviders>
          <BootErrorScreen message={error instanceof Error ? error.message : String(error)} />
        </ThemeProviders>
      </StrictMode>,
    );
    return;
  }

  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
