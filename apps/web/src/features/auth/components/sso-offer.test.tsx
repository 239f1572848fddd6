import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { ownStartUrl } from '../api/discover-sso';
import { SsoOffer, SsoReturnNotice } from './sso-offer';

function Field() {
  const [email, setEmail] = useState('');
  return (
    <>
      <label htmlFor="e">Email</label>
      <input id="e" value={email} onChange={(e) => setEmail(e.target.value)} />
      <SsoOffer email={email} />
    </>
  );
}

const start = `${window.location.origin}/v1/auth/sso/start?domain=trust.demo.test`;

describe('SsoOffer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the school account once the address is typed and its domain has single sign-on', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { ssoUrl: start }));
    renderWithProviders(<Field />);
    await userEvent.setup().type(screen.getByLabelText('Email'), 'sso.admin@trust.demo.test');
    const link = await screen.findByRole('link', { name: 'Continue with your school account' });
    expect(link).toHaveAttribute('href', start);
    // One call for the whole address, not one per key.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/v1/auth/sso/discover');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'sso.admin@trust.demo.test' });
  });

  it('shows nothing when the answer is null, and asks nothing for an incomplete address', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, { ssoUrl: null }));
    renderWithProviders(<Field />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'head@');
    await new Promise((r) => setTimeout(r, 500));
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), 'school.example');
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('never sends the browser to a URL that is not this portal’s own start URL', () => {
    expect(ownStartUrl('https://evil.example/v1/auth/sso/start?domain=x')).toBeNull();
    expect(ownStartUrl(`${window.location.origin}/elsewhere`)).toBeNull();
    expect(ownStartUrl('javascript:alert(1)')).toBeNull();
    expect(ownStartUrl(start)).toBe(start);
  });
});

describe('SsoReturnNotice', () => {
  it('says why the school sign-in did not work', () => {
    renderWithProviders(<SsoReturnNotice />, { route: '/login?sso=unverified' });
    expect(screen.getByRole('alert')).toHaveTextContent("Your school hasn't verified the e-mail address");
  });

  it('says nothing for an unknown reason', () => {
    renderWithProviders(<SsoReturnNotice />, { route: '/login?sso=<script>' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
