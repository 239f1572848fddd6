import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../lib/runtime-config';
import { jsonResponse, testRuntimeConfig } from '../../testing/render';
import { emailActionLoader } from './email-action-page';
import { performEmailAction } from './email-action-api';

const TOKEN = 'a'.repeat(43);
const load = (token: string | undefined) =>
  emailActionLoader({
    params: token === undefined ? {} : { token },
    request: new Request(`http://portal.test/email-action/${token ?? ''}`),
    context: undefined as never,
    url: new URL(`http://portal.test/email-action/${token ?? ''}`),
    pattern: '/email-action/:token',
  });

const view = {
  action: 'approve',
  expiresAt: '2026-03-19T01:00:00.000Z',
  approverName: 'Grace',
  request: {
    id: 7,
    reference: null,
    clientName: 'Harbourside',
    locationName: 'Harbourside',
    dates: ['2026-03-17'],
    startTime: '08:30',
    endTime: '15:00',
    classification: 'Teacher',
    requesterName: 'Mia Rossi',
  },
  decided: null,
};

describe('e-mailed Approve and Reject links', () => {
  beforeEach(() => setRuntimeConfig(testRuntimeConfig));

  it('opening the link only reads what it is for (GET, no sign-in)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, view));
    await expect(load(TOKEN)).resolves.toEqual({ result: 'ready', view });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(`/v1/email-actions/${TOKEN}`);
    expect(init?.method ?? 'GET').toBe('GET');
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it('an expired, unknown or missing link is an expired link', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(410, { status: 410, title: 'Expired', code: 'expired' }));
    await expect(load(TOKEN)).resolves.toEqual({ result: 'expired' });
    await expect(load(undefined)).resolves.toEqual({ result: 'expired' });
  });

  it('no answer from the server says so', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(load(TOKEN)).resolves.toEqual({ result: 'noResponse' });
  });

  it('acts with a POST carrying the Idempotency-Key and the reason', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => jsonResponse(200, { id: 7, status: 'rejected', bookingIds: [1] }));
    await expect(performEmailAction(TOKEN, { reason: 'No budget' }, 'key-12345678')).resolves.toMatchObject({ status: 'rejected' });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(`/v1/email-actions/${TOKEN}`);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('idempotency-key')).toBe('key-12345678');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'No budget' });
  });
});
