import { afterEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { CuttableProxy } from '../../test/cuttable-proxy';
import { reachable } from '../../test/reachable';
import { MemoryNotifier, PostgresNotifier, RedisNotifier, type Notifier } from './notifier';

/** Two notifiers stand for two server processes: what one publishes, both receive; other channels stay quiet. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_URL = process.env.TEST_DATABASE_URL;

const redisUp = await reachable(REDIS_URL, 6379);
const open: Notifier[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((n) => n.close()));
});

function received(notifier: Notifier, channel: string): string[] {
  const messages: string[] = [];
  notifier.subscribe(channel, (m) => messages.push(m));
  return messages;
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error('timed out waiting for a message');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function crossProcess(make: () => Notifier): Promise<void> {
  const a = make();
  const b = make();
  open.push(a, b);
  const channel = `test-${Math.random().toString(36).slice(2)}`;
  const atA = received(a, channel);
  const atB = received(b, channel);
  const elsewhere = received(b, `${channel}-other`);
  // A subscription takes a moment to reach the bus: publish until the other side hears one.
  await until(() => {
    a.publish(channel, 'hello').catch(() => {});
    return atB.length > 0;
  });
  await until(() => atA.length > 0);
  expect(atB.every((m) => m === 'hello')).toBe(true);
  expect(elsewhere).toEqual([]);
}

describe('notifier', () => {
  it('in memory: delivers to subscribers of the channel, later than the publish call', async () => {
    const n = new MemoryNotifier();
    open.push(n);
    const got = received(n, 'c');
    const stop = n.subscribe('c', () => got.push('second'));
    await n.publish('c', 'x');
    expect(got).toEqual([]);
    await until(() => got.length === 2);
    stop();
    await n.publish('c', 'y');
    await until(() => got.length === 3);
    expect(got).toEqual(['x', 'second', 'y']);
  });

  it.runIf(redisUp)('through Redis pub/sub: one server publishes, every server hears', async () => {
    await crossProcess(() => new RedisNotifier(REDIS_URL, () => {}));
  });

  it.runIf(redisUp)('through Redis: systems on different database numbers do not hear each other', async () => {
    const one = new RedisNotifier(`${REDIS_URL}/3`, () => {});
    const other = new RedisNotifier(`${REDIS_URL}/4`, () => {});
    const sameAsOne = new RedisNotifier(`${REDIS_URL}/3`, () => {});
    open.push(one, other, sameAsOne);
    const channel = `test-${Math.random().toString(36).slice(2)}`;
    const heardByOther = received(other, channel);
    const heardBySame = received(sameAsOne, channel);
    await until(() => {
      one.publish(channel, 'only for database 3').catch(() => {});
      return heardBySame.length > 0;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(heardByOther).toEqual([]);
  });

  it.runIf(redisUp)(
    'through Redis: hears again after an outage, and a shutdown just after Redis returns fails nothing',
    async () => {
      const target = new URL(REDIS_URL);
      const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 6379) }, await CuttableProxy.freePort());
      await proxy.up();
      const unhandled: unknown[] = [];
      const record = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', record);
      try {
        const behindProxy = new RedisNotifier(`redis://127.0.0.1:${proxy.port}/3`, () => {});
        const direct = new RedisNotifier(`${REDIS_URL}/3`, () => {});
        open.push(behindProxy, direct);
        const channel = `test-${Math.random().toString(36).slice(2)}`;
        const heard = received(behindProxy, channel);
        received(behindProxy, `${channel}-second`);
        await until(() => {
          direct.publish(channel, 'before').catch(() => {});
          return heard.length > 0;
        });
        const subscriber = (behindProxy as unknown as { subscriber: Redis }).subscriber;
        const returned = () => new Promise((resolve) => subscriber.once('ready', resolve));

        await proxy.down();
        await new Promise((r) => setTimeout(r, 200));
        let ready = returned();
        await proxy.up();
        await ready;
        await until(() => {
          direct.publish(channel, 'after').catch(() => {});
          return heard.includes('after');
        }, 10_000);

        // Cut again, and close the moment the connection is back: its resubscription is answered by nobody.
        await proxy.down();
        await new Promise((r) => setTimeout(r, 200));
        ready = returned();
        await proxy.up();
        await ready;
        await behindProxy.close();
        await new Promise((r) => setTimeout(r, 300));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', record);
        await proxy.down();
      }
    },
    30_000,
  );

  it.runIf(PG_URL !== undefined)('through PostgreSQL LISTEN/NOTIFY: one server publishes, every server hears', async () => {
    await crossProcess(() => new PostgresNotifier(PG_URL!, () => {}));
  });
});
