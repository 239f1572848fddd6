import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './app-error';

/**
 * Demo surfaces (the outbox with its reset and unlock links, the embedded staff login) are for the person running
 * the demo on their own machine. They answer only in demo mode and only to a caller on loopback, unless DEMO=true
 * was set explicitly, which says the demo is meant to be reached from elsewhere, and only under the portal's own host
 * name (hostAllowed). Anyone else gets a plain 404:
 * the surface does not exist for them.
 */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * The Host a demo surface answers: PUBLIC_ORIGIN's, or a loopback name (localhost, 127.x.x.x, [::1]) at any port.
 * Any other name is refused: a page on an attacker's domain that resolves it to 127.0.0.1 (DNS rebinding) would
 * otherwise read the outbox's reset links, or drive the staff login, from the browser of the person running the demo.
 */
export function hostAllowed(publicOrigin: string, host: string | undefined): boolean {
  if (!host) return false;
  const wanted = new URL(publicOrigin).host.toLowerCase();
  if (host.toLowerCase() === wanted) return true;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export function demoSurfaceOpen(
  config: Pick<Config, 'demo' | 'demoExplicit' | 'publicOrigin'>,
  ip: string | undefined,
  host: string | undefined,
): boolean {
  return config.demo && (config.demoExplicit || isLoopback(ip)) && hostAllowed(config.publicOrigin, host);
}

/** A route hook (`onRequest`) for demo surfaces. */
export function demoSurfaceGate(config: Pick<Config, 'demo' | 'demoExplicit' | 'publicOrigin'>) {
  return async (request: FastifyRequest) => {
    if (!demoSurfaceOpen(config, request.ip, request.headers.host)) throw new AppError('not-found', { detail: 'Not found.' });
  };
}
