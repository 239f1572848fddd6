import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionForTests, startSession } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { ChangePasswordForm } from './change-password-form';

function setup(disabled = false) {
  renderWithProviders(<ChangePasswordForm disabled={disabled} />);
  return {
    user: userEvent.setup(),
    current: screen.getByLabelText(/^Current password/, { selector: 'input' }),
    newPassword: screen.getByLabelText(/^New password/, { selector: 'input' }),
    confirm: screen.getByLabelText(/^Confirm new password/, { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Change password' }),
  };
}

async function fill(f: ReturnType<typeof setup>, current: string, next: string, confirm = next) {
  await f.user.type(f.current, current);
  await f.user.type(f.newPassword, next);
  await f.user.type(f.confirm, confirm);
  await f.user.click(f.submit);
}

describe('ChangePasswordForm', () => {
  beforeEach(() => {
    resetSessionForTests();
    startSession({ accessToken: 'before', expiresIn: 1800, tokenType: 'Bearer' });
  });

  it('checks the fields before calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const f = setup();
    await f.user.click(f.submit);
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    await fill(f, 'x', 'Better#Pass1', 'Better#Pass2');
    expect(await screen.findByText('Both passwords need to match')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows 'Current password is incorrect' under the current password, from the server's field errors", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        title: 'Current password is incorrect',
        code: 'auth/wrong-current-password',
        detail: 'Current password is incorrect',
        errors: { currentPassword: ['Current password is incorrect'] },
      }),
    );
    const f = setup();
    await fill(f, 'wrong', 'Better#Pass1');
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(f.current).toHaveAttribute('aria-invalid', 'true');
    expect(f.current).toHaveAccessibleDescription('Current password is incorrect');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the session with the new token and says the password was updated', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => jsonResponse(200, { accessToken: 'after', expiresIn: 1800, tokenType: 'Bearer' }));
    const f = setup();
    await fill(f, 'Portal#2026demo', 'Better#Pass1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Password updated');
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/v1/auth/change-password');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer before');
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'Portal#2026demo', newPassword: 'Better#Pass1' });
    expect(getSession()?.accessToken).toBe('after');
    await waitFor(() => expect(f.current).toHaveValue(''));
  });

  it('is disabled while impersonating', () => {
    const f = setup(true);
    expect(f.current).toBeDisabled();
    expect(f.submit).toBeDisabled();
  });
});
