import { createConnection } from 'node:net';

/** The Redis the tests use when it answers (TEST_REDIS_URL, default the local one); tests needing it skip otherwise. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something accepts TCP connections at the URL's host and port (within a second). */
export function reachable(url: string, defaultPort = 6379): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** Whether the tests' Redis answers. */
export const redisReachable = (): Promise<boolean> => reachable(TEST_REDIS_URL);
