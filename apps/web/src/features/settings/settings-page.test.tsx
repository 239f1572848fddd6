import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, startSession } from '../../lib/session';
import { jsonResponse, renderWithProviders } from '../../testing/render';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'token', expiresIn: 1800, tokenType: 'Bearer' });
  });

  it('says the profile could not be loaded in the spec’s words, with a retry', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(503, { title: 'Unavailable', status: 503 }));
    renderWithProviders(<SettingsPage />, { route: '/settings' });
    expect(await screen.findByText("Couldn't load user profile")).toBeInTheDocument();
    expect(screen.getByText('We ran into some issues retrieving your profile.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
