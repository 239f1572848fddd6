import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { ResetPasswordForm } from './reset-password-form';

function setup() {
  const onUpdated = vi.fn();
  const onExpired = vi.fn();
  renderWithProviders(<ResetPasswordForm token="tok-123" onUpdated={onUpdated} onExpired={onExpired} />);
  return {
    onUpdated,
    onExpired,
    user: userEvent.setup(),
    newPassword: screen.getByLabelText(/^New password/, { selector: 'input' }),
    confirm: screen.getByLabelText(/^Confirm new password/, { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Save new password' }),
  };
}

describe('ResetPasswordForm', () => {
  beforeEach(() => resetSessionForTests());

  it('asks for both fields', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { user, submit } = setup();
    await user.click(submit);
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('lists every password rule the new password breaks, in the spec words', async () => {
    const { user, newPassword, confirm, submit } = setup();
    await user.type(newPassword, 'abc');
    await user.type(confirm, 'abc');
    await user.click(submit);
    for (const text of [
      'Password requires minimum of 8 characters',
      'Password requires one uppercase character',
      'Password requires one number',
      'Password requires one special character',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('Password requires one lowercase character')).not.toBeInTheDocument();
    expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  });

  it('says to wait when the server answers 429', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(429, {
        title: 'Too many requests',
        status: 429,
        code: 'auth/too-many-requests',
        detail: 'Too many requests from your network. Please wait a few minutes and try again.',
      }),
    );
    const { user, newPassword, confirm, submit, onExpired } = setup();
    await user.type(newPassword, 'Better#Pass1');
    await user.type(confirm, 'Better#Pass1');
    await user.click(submit);
    expect(await screen.findByText('Too many requests from your network. Please wait a few minutes and try again.')).toBeInTheDocument();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('asks for matching passwords', async () => {
    const { user, newPassword, confirm, submit } = setup();
    await user.type(newPassword, 'Better#Pass1');
    await user.type(confirm, 'Better#Pass2');
    await user.click(submit);
    expect(await screen.findByText('Both passwords need to match')).toBeInTheDocument();
  });

  it('sends the token and the new password, then says so', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    const { user, newPassword, confirm, submit, onUpdated } = setup();
    await user.type(newPassword, 'Better#Pass1');
    await user.type(confirm, 'Better#Pass1');
    await user.click(submit);
    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/v1/auth/password-reset/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok-123', newPassword: 'Better#Pass1' });
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
  });

  it('hands an expired link (410) to the page', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(410, { status: 410, title: 'Link expired', code: 'auth/link-expired' }),
    );
    const { user, newPassword, confirm, submit, onExpired } = setup();
    await user.type(newPassword, 'Better#Pass1');
    await user.type(confirm, 'Better#Pass1');
    await user.click(submit);
    await waitFor(() => expect(onExpired).toHaveBeenCalled());
  });

  it("shows the server's objection under the new password", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        title: 'Password too common',
        code: 'auth/common-password',
        detail: 'This password is too common. Please choose another one.',
        errors: { newPassword: ['This password is too common. Please choose another one.'] },
      }),
    );
    const { user, newPassword, confirm, submit } = setup();
    await user.type(newPassword, 'Password#123');
    await user.type(confirm, 'Password#123');
    await user.click(submit);
    expect(await screen.findByText('This password is too common. Please choose another one.')).toBeInTheDocument();
    expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  });
});
