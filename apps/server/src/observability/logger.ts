import { hostname } from 'node:os';
import pino, { type Logger } from 'pino';
import { RELEASE } from '../lib/release';

/** What every log line carries besides its message: the process, the machine and the release it runs. */
export function logBase(): Record<string, unknown> {
  return { pid: process.pid, hostname: hostname(), release: RELEASE };
}

/**
 * The start-up records (listening, the demo world, warnings) before and beside the app's own logger: JSON lines
 * like every other. Written at info whatever LOG_LEVEL asks for above it (an operator needs the address and the
 * warnings of a start), never with LOG_LEVEL=silent.
 */
export function startupLogger(level = 'info'): Logger {
  return pino({ level: level === 'silent' ? 'silent' : level === 'debug' || level === 'trace' ? level : 'info', base: logBase() });
}

/** A start that cannot go on: one JSON line on stderr, written before the process exits. */
export function fatalLine(message: string): void {
  pino({ base: logBase() }, pino.destination({ fd: 2, sync: true })).fatal(message);
}
