import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from '../../../lib/session';
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
  beforeEach(() => setSession(null));

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
      .mockResolvedValue(jsonResponse(200, { accessToken: 'token-1', expiresIn: 1800, tokenType: 'Bearer' }));
    const { email, password, submit, user, onSignedIn } = setup();
    await user.type(email, ' head@school.example ');
    await user.type(password, 'correct horse');
    await user.click(submit);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/v1/auth/login');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Accept-Version')).toBe('1');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'head@school.example', password: 'correct horse' });
    expect(getSession()).toEqual({ accessToken: 'token-1' });
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
