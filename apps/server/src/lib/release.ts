import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Defined by build.mjs: the version of the sources it built (`git describe`, or PORTAL_RELEASE when the build has no git). */
declare const __PORTAL_RELEASE__: string | undefined;

/** Run from sources (tsx, tests): the checkout's own description, read once. */
function describeCheckout(): string {
  try {
    return execFileSync('git', ['describe', '--tags', '--always', '--dirty'], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

/**
 * The release this server runs: answered by /api/ping and the runtime configuration (the web app reports its errors
 * under it), written on every log line and given to the error reports, so an error is matched to a deploy.
 */
export const RELEASE: string = typeof __PORTAL_RELEASE__ === 'string' ? __PORTAL_RELEASE__ : describeCheckout();
