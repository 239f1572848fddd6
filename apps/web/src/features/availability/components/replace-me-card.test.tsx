import type { ReplaceMeStatus } from '@portal/contract/replace-me';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, startSession } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { ReplaceMeCard } from './replace-me-card';

function statusOn(days: ReplaceMeStatus['days']): ReplaceMeStatus {
  return {
    clientId: 3,
    timestamp: '2026-11-21T00:00:00.000Z',
    locations: [{ id: 7, name: 'Harbourside Primary School', timeZone: 'Australia/Sydney' }],
    days,
    requests: [],
  };
}

async function daysOffered(status: ReplaceMeStatus): Promise<string[]> {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, status));
  renderWithProviders(<ReplaceMeCard clientIds={[3]} />);
  const group = await screen.findByRole('group', { name: /^Ask for a replacement/ });
  return [...group.querySelectorAll('button')].map((b) => b.textContent ?? '');
}

describe('ReplaceMeCard', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
    vi.restoreAllMocks();
  });

  it('offers Today and Tomorrow on a school day', async () => {
    expect(await daysOffered(statusOn({ today: '2026-11-24', tomorrow: '2026-11-25', isNextMonday: false }))).toEqual([
      'Today',
      'Tomorrow',
    ]);
  });

  it('offers only the next school day on a Saturday or Sunday at the school (spec §5: school days only)', async () => {
    expect(await daysOffered(statusOn({ today: '2026-11-28', tomorrow: '2026-11-30', isNextMonday: true }))).toEqual(['Next Monday']);
  });
});
