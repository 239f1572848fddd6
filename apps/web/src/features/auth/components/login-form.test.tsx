import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionForTests } from '../../../lib/session';
import { jsonResponse, renderWithProviders } from '../../../testing/render';
import { LoginForm } from './login-form';

function setup() {
  const onSignedIn = vi.fn();
  renderWithProviders(<LoginForm onSignedIn={onSignedIn} />);
  return {
    onSignedIn,
    email: screen.getByRole('textbox', { name: 'Email' }),
    password: screen.getByLabelText(/^Password/, { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Sign in' }),
    user: userEvent.setup(),
  };
}

describe('LoginForm', () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.clear();
  });

  it('starts with the cursor in Email', () => {
    const { email } = setup();
    expect(email).toHaveFocus();
  });

  it('says every field is required when submitted empty, without calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { submit, user, email } = setup();
    await user.click(submit);
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for a valid e-mail address', async () => {
    const { email, password, submit, user } = setup();
    await user.type(email, 'not-an-email');
    await user.type(password, 'secret');
    await user.click(submit);
    expect(await screen.findByText('This field must be a valid email')).toBeInTheDocument();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
  });

  it('posts the credentials as JSON and keeps the session on success', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => jsonResponse(200, { accessToken: 'token-1', expiresIn: 1800, tokenType: 'Bearer' }));
    const { email, password, submit, user, onSignedIn } = setup();
    await user.type(email, ' head@school.example ');
    await user.type(password, 'correct horse');
    await user.click(submit);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    // The sign-in's own call (the spy sees every fetch of the page, each answered with a body of its own).
    const [url, init] = fetchSpy.mock.calls.find(([input]) => input === '/v1/auth/login') ?? [];
    expect(url).toBe('/v1/auth/login');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Accept-Version')).toBe('1');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'head@school.example', password: 'correct horse' });
    expect(getSession()).toMatchObject({ accessToken: 'token-1', expiresInSeconds: 1800 });
  });

  it('shows the generic text when the server fails for a reason other than authentication', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(404, { type: 'about:blank', title: 'Not Found', status: 404, detail: 'Route POST:/v1/auth/login not found' }),
    );
    const { email, password, submit, user } = setup();
    await user.type(email, 'head@school.example');
    await user.type(password, 'secret');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('There was an issue trying to complete your request');
  });

  it('shows the wrong-password text for that provider code', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(401, { title: 'Unauthorized', status: 401, detail: 'Wrong password', code: 'auth/wrong-password' }),
    );
    const { email, password, submit, user } = setup();
    await user.type(email, 'head@school.example');
    await user.type(password, 'nope');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, that password is incorrect...');
    expect(getSession()).toBeNull();
  });

  it('ends an impersonation left over when a contact signs in', async () => {
    localStorage.setItem('portal.impersonation', JSON.stringify({ contactId: 7, status: 'pending', account: null }));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(200, { accessToken: 'token-2', expiresIn: 1800, tokenType: 'Bearer' }),
    );
    const { email, password, submit, user, onSignedIn } = setup();
    await user.type(email, 'head@school.example');
    await user.type(password, 'secret');
    await user.click(submit);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(localStorage.getItem('portal.impersonation')).toBeNull();
  });

  it('shows the ActionLocked text when the account is locked', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(401, {
        title: 'Account locked',
        status: 401,
        code: 'auth/account-locked',
        detail: 'This action has been locked. Please verify your email address and try again.',
      }),
    );
    const { email, password, submit, user } = setup();
    await user.type(email, 'head@school.example');
    await user.type(password, 'nope');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action has been locked. Please verify your email address and try again.',
    );
  });

  it('shows its own too-many-attempts text when the server gives none', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 429 }));
    const { email, password, submit, user } = setup();
    await user.type(email, 'head@school.example');
    await user.type(password, 'nope');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Too many attempts to sign in/);
  });

  it("shows the server's message for other authentication refusals", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(429, { title: 'Too Many Requests', status: 429, detail: 'Too many attempts: try again in a minute.' }),
    );
    const { email, password, submit, user } = setup();
    await user.type(email, 'head@school.example');
    await user.type(password, 'nope');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts: try again in a minute.');
  });
});
