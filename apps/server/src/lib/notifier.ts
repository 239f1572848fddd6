import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { PostgresNotifier } from './notifier.repository';
import { CHANNEL_PREFIX, SharedNotifier, type Notifier } from './notifier-shared';

export { CHANNEL_PREFIX, type Notifier } from './notifier-shared';

/**
 * Messages between the server processes of one system: "contact 42 changed" (forget its cached sign-in and
 * permissions), "new live events" (read the table and stream them). Small strings only; the truth stays in the
 * database, a message is a wake-up call, so a lost one costs at most a cache's lifetime or a poll.
 *
 * - Redis pub/sub when REDIS_URL is set (several servers behind a load balancer);
 * - otherwise PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set;
 * - otherwise in this process only (the embedded database has one server process by construction).
 *
 * Every implementation delivers to this process's own subscribers too, and never on the publisher's call stack.
 */
export class MemoryNotifier implements Notifier {
  readonly kind = 'memory';
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string): Promise<void> {
    setImmediate(() => this.emitter.emit(channel, message));
  }

  subscribe(channel: string, handler: (message: string) => void): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisNotifier extends SharedNotifier {
  readonly kind = 'redis';
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(url: string, onError: (err: Error) => void) {
    super();
    // Keys are separate per Redis database number, pub/sub channels are not: systems sharing one Redis on
    // different database numbers (redis://host/1, /2) must not hear each other, so the number is in the channel.
    const database = Number(new URL(url).pathname.slice(1) || 0);
    this.prefix = `${CHANNEL_PREFIX}${Number.isInteger(database) ? database : 0}:`;
    // Pub/sub needs its own connection; both reconnect by themselves. The subscriber resubscribes here rather
    // than by ioredis's autoResubscribe, whose SUBSCRIBE has no rejection handler: a connection closed before
    // its answer (a shutdown just after Redis came back) ended in an unhandled 'Connection is closed.'.
    this.publisher = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: false });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false, autoResubscribe: false });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (channel: string, message: string) => this.deliver(channel, message));
    this.subscriber.on('ready', () => {
      const channels = [...this.handlers.keys()].map((channel) => this.prefix + channel);
      if (channels.length > 0) this.subscriber.subscribe(...channels).catch(() => {});
    });
  }

  protected async send(channel: string, message: string): Promise<void> {
    await this.publisher.publish(channel, message);
  }

  protected listen(channel: string): void {
    void this.subscriber.subscribe(channel).catch(() => {});
  }

  protected unlisten(channel: string): void {
    void this.subscriber.unsubscribe(channel).catch(() => {});
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export { PostgresNotifier };

export function createNotifier(options: { redisUrl?: string; databaseUrl?: string; onError: (err: Error) => void }): Notifier {
  if (options.redisUrl) return new RedisNotifier(options.redisUrl, options.onError);
  if (options.databaseUrl) return new PostgresNotifier(options.databaseUrl, options.onError);
  return new MemoryNotifier();
}
