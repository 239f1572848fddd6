import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, startSession } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { useReplaceMeAction } from './use-replace-me-action';

const CREATED = {
  id: 9,
  locationId: 7,
  locationName: 'Harbourside Primary School',
  selectedDay: '2026-03-17',
  isNextMonday: false,
  status: 'scheduled',
  bookingId: null,
  candidateName: null,
  createdAt: '2026-03-16T01:00:00.000Z',
};

function setup() {
  const seen: { action?: ReturnType<typeof useReplaceMeAction> } = {};
  function Probe() {
    seen.action = useReplaceMeAction();
    return null;
  }
  renderWithProviders(<Probe />);
  return () => seen.action!;
}

describe('useReplaceMeAction', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends the same Idempotency-Key again after a lost answer, and a new one for the next request', async () => {
    const keys: string[] = [];
    let calls = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (!String(input).includes('/bookings/replaceMe')) return jsonResponse(404, {});
      keys.push(new Headers(init?.headers).get('Idempotency-Key')!);
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(201, CREATED);
    });
    const action = setup();
    await waitFor(() => expect(action()).toBeDefined());

    let outcomes: boolean[] = [];
    await act(async () => {
      outcomes = [await action().request({ selectedDay: 'tomorrow' }, 'tomorrow')];
    });
    await act(async () => {
      outcomes.push(await action().request({ selectedDay: 'tomorrow' }, 'tomorrow'));
    });
    await act(async () => {
      outcomes.push(await action().request({ selectedDay: 'tomorrow' }, 'tomorrow'));
    });
    expect(outcomes).toEqual([false, true, true]);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
