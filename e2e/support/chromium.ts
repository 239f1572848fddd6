import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer } from 'playwright-core';

/** Debian's chromium (playwright's own browser download does not work here): CHROMIUM_PATH, else the PATH. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    accessSync(fromEnv, constants.X_OK);
    return fromEnv;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Browser tests need Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH');
  }
}

const LAUNCH_OPTIONS = {
  headless: true,
  // Root needs --no-sandbox; the rest stop Chromium from reaching the network or doing background work.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A browser with a profile of its own (a fresh user-data directory), for what Chromium refuses in the incognito-like
 * contexts of a shared browser: its installability check answers `in-incognito` there.
 */
export async function launchPersistentContext(userDataDir: string, options: BrowserContextOptions): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...LAUNCH_OPTIONS, ...options, executablePath: chromiumPath() });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ ...LAUNCH_OPTIONS, executablePath: chromiumPath() });
}

/**
 * One Chromium for the whole run (the global setup starts it): spec files connect to it and each page gets a
 * context of its own, as isolated as a browser of its own, without some thirty browser start-ups.
 */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ ...LAUNCH_OPTIONS, executablePath: chromiumPath() });
}
