import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, startSession } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { WeeklyDigestSection } from './weekly-digest-section';

/** A stub of GET and PUT /v1/profile/weekly-digest keeping the setting; `failPut` refuses the change. */
function stubDigest(initial: boolean, failPut = false) {
  let kept = initial;
  const puts: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/v1/profile/weekly-digest') return jsonResponse(404, { title: 'Not Found', status: 404 });
    if (init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      if (failPut) return jsonResponse(503, { title: 'Unavailable', status: 503 });
      kept = (puts.at(-1) as { weeklyDigest: boolean }).weeklyDigest;
    }
    return jsonResponse(200, { weeklyDigest: kept });
  });
  return puts;
}

describe('Settings: the weekly digest e-mail', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the setting and turns it on through the API', async () => {
    const puts = stubDigest(false);
    renderWithProviders(<WeeklyDigestSection />, { route: '/settings' });
    const toggle = await screen.findByRole('switch', { name: 'Weekly digest' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/last week's spend and fill rate/);
    await userEvent.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ weeklyDigest: true }]));
    expect(await screen.findByText("You'll get the weekly digest on Monday mornings.")).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Weekly digest' })).toBeChecked();
  });

  it('puts the switch back and says so when the change fails', async () => {
    const puts = stubDigest(true, true);
    renderWithProviders(<WeeklyDigestSection />, { route: '/settings' });
    const toggle = await screen.findByRole('switch', { name: 'Weekly digest' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(await screen.findByText("We couldn't save that. Please try again.")).toBeInTheDocument();
    expect(puts).toEqual([{ weeklyDigest: false }]);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Weekly digest' })).toBeChecked());
  });
});
