import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './app-error';

/**
 * Demo surfaces (the outbox with its reset and unlock links, the embedded staff login) are for the person running
 * the demo on their own machine. They answer only in demo mode and only to a caller on loopback, unless DEMO=true
 * was set explicitly, which says the demo is meant to be reached from elsewhere. Anyone else gets a plain 404:
 * the surface does not exist for them.
 */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function demoSurfaceOpen(config: Pick<Config, 'demo' | 'demoExplicit'>, ip: string | undefined): boolean {
  return config.demo && (config.demoExplicit || isLoopback(ip));
}

/** A route hook (`onRequest`) for demo surfaces. */
export function demoSurfaceGate(config: Pick<Config, 'demo' | 'demoExplicit'>) {
  return async (request: FastifyRequest) => {
    if (!demoSurfaceOpen(config, request.ip)) throw new AppError('not-found', { detail: 'Not found.' });
  };
}
