import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionForTests } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { MfaSecondStep } from './mfa-second-step';

const CHALLENGE = 'c'.repeat(43);
const TOKEN = { accessToken: 'token-2', expiresIn: 1800, tokenType: 'Bearer' };

describe('MfaSecondStep', () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.clear();
  });

  it('asks for the app code in a one-time-code field, checks its shape first, and signs in with it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, TOKEN));
    const onSignedIn = vi.fn();
    renderWithProviders(
      <MfaSecondStep
        step={{ mfaRequired: true, challenge: CHALLENGE, methods: ['totp', 'recovery'] }}
        onSignedIn={onSignedIn}
        onRestart={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    const code = screen.getByRole('textbox', { name: /^Code/ });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(fetchSpy).not.toHaveBeenCalled();
    await user.type(code, '3456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/v1/auth/mfa/verify');
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: CHALLENGE, code: '123456' });
    expect(getSession()).toMatchObject({ accessToken: 'token-2' });
  });

  it('switches to a recovery code, and says when the sign-in has expired', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(401, { title: 'Sign-in expired', status: 401, code: 'auth/mfa-challenge-invalid', detail: 'x' }),
    );
    const onRestart = vi.fn();
    renderWithProviders(
      <MfaSecondStep
        step={{ mfaRequired: true, challenge: CHALLENGE, methods: ['totp', 'recovery', 'passkey'] }}
        onSignedIn={vi.fn()}
        onRestart={onRestart}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: /^Recovery code/ }), 'ABCD-EFGH-JKMN-PQRS');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired');
    await user.click(screen.getAllByRole('button', { name: 'Start again' })[0]!);
    expect(onRestart).toHaveBeenCalled();
  });

  it('sets up an app with an enrolment token, shows the recovery codes, then carries on signed in', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(jsonResponse(200, { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' }))
      .mockResolvedValueOnce(jsonResponse(200, { ...TOKEN, recoveryCodes: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'] }));
    const onSignedIn = vi.fn();
    renderWithProviders(
      <MfaSecondStep step={{ mfaEnrolmentRequired: true, challenge: CHALLENGE }} onSignedIn={onSignedIn} onRestart={vi.fn()} />,
    );
    const user = userEvent.setup();
    expect(await screen.findByTestId('mfa-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByRole('textbox', { name: /^Code/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('AAAA-BBBB-CCCC-DDDD');
    expect(onSignedIn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(['/v1/auth/mfa/enrolment/totp', '/v1/auth/mfa/enrolment/totp/confirm']);
  });
});
