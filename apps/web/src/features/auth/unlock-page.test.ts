import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../lib/runtime-config';
import { jsonResponse, testRuntimeConfig } from '../../testing/render';
import { unlockLoader } from './unlock-page';

const load = (search: string) =>
  unlockLoader({
    params: {},
    request: new Request(`http://portal.test/unlock${search}`),
    context: undefined as never,
    url: new URL(`http://portal.test/unlock${search}`),
    pattern: '/unlock',
  });

describe('unlock link', () => {
  beforeEach(() => setRuntimeConfig(testRuntimeConfig));

  it('sends the token once and reports the account unlocked', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    await expect(load('?token=abc')).resolves.toBe('unlocked');
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/v1/auth/unlock');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc' });
  });

  it('a spent, unknown or missing token is an expired link', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(410, { status: 410, title: 'Link expired', code: 'auth/link-expired' }),
    );
    await expect(load('?token=spent')).resolves.toBe('expired');
    await expect(load('')).resolves.toBe('expired');
  });

  it('no answer from the server says so', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(load('?token=abc')).resolves.toBe('noResponse');
  });
});
