import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * What only a real socket shows: the answers a client gets before or instead of sending its body.
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends `head` on a new connection; `then` may write more once the first bytes arrive. Resolves with all it read. */
function exchange(head: string, then?: (received: string, write: (text: string) => void) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    let answered = false;
    const timer = setTimeout(() => socket.destroy(), 5000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (!answered && then) {
        answered = true;
        then(received, (text) => socket.write(text));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(head);
  });
}

describe('Expect: 100-continue', () => {
  it('answers a declared body over the limit with a 413 problem at once: no 100 Continue, no byte of the body read', async () => {
    const length = t.app.config.bodyLimitBytes + 5_000_000;
    const answer = await exchange(
      `POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept-Version: 1\r\n` +
        `Content-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(answer).not.toMatch(/^HTTP\/1\.1 100/m);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/content-type: application\/problem\+json/i);
    expect(answer).toContain('"code":"payload-too-large"');
    expect(answer).toMatch(/connection: close/i);
  });

  it('says 100 Continue to a body within the limit, then reads it and answers', async () => {
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
    const answer = await exchange(
      `POST /v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept-Version: 1\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      (received, write) => {
        if (/^HTTP\/1\.1 100 Continue/.test(received)) write(body);
      },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue/);
    expect(answer).toMatch(/HTTP\/1\.1 401 /);
  });
});

describe('demo surfaces under a foreign Host (DNS rebinding)', () => {
  const get = (path: string, host: string) =>
    exchange(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept-Version: 1\r\nConnection: close\r\n\r\n`);

  it('answers the outbox and the staff login only under PUBLIC_ORIGIN’s host or a loopback name', async () => {
    for (const path of ['/dev/outbox', '/v1/dev/outbox', '/oidc/.well-known/openid-configuration']) {
      for (const host of ['attacker.example', `attacker.example:${port}`, 'portal.test.attacker.example']) {
        expect(await get(path, host), `${path} under ${host}`).toMatch(/^HTTP\/1\.1 404 /);
      }
      for (const host of ['portal.test', `127.0.0.1:${port}`, `localhost:${port}`]) {
        expect(await get(path, host), `${path} under ${host}`).toMatch(/^HTTP\/1\.1 200 /);
      }
    }
  });
});
