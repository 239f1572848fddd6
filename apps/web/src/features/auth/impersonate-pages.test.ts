import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../lib/navigation';
import { setRuntimeConfig } from '../../lib/runtime-config';
import { getImpersonation, getSession, resetSessionForTests, startSession } from '../../lib/session';
import { jsonResponse, testRuntimeConfig } from '../../testing/render';
import { impersonateLoginLoader, impersonateLogoutLoader } from './impersonate-pages';

const load = (contactId: string, search = '') =>
  impersonateLoginLoader({
    params: { contactId },
    request: new Request(`http://portal.test/user/impersonate/${contactId}${search}`),
    context: undefined as never,
    url: new URL(`http://portal.test/user/impersonate/${contactId}${search}`),
    pattern: '/user/impersonate/:contactId',
  });

describe('impersonation pages (spec §2, §4)', () => {
  beforeEach(() => {
    setRuntimeConfig(testRuntimeConfig);
    resetSessionForTests();
    localStorage.clear();
  });

  it('an invalid contact id is only reported', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await expect(load('abc')).resolves.toEqual({ state: 'invalid', contactId: 'abc' });
    await expect(load('0')).resolves.toMatchObject({ state: 'invalid' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('first visit: signs out any session, stores the contact id, then goes to the enterprise login', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    localStorage.setItem('portal.selectedClientIds', '[4]');
    await expect(load('27')).resolves.toEqual({ state: 'redirecting', contactId: 27 });
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/v1/auth/logout');
    expect(localStorage.getItem('portal.selectedClientIds')).toBeNull();
    expect(getImpersonation()).toEqual({ contactId: 27, status: 'pending', account: null });
    expect(assign).toHaveBeenCalledWith('/v1/auth/enterprise/start?contactId=27');
  });

  it('already signed in: home', async () => {
    startSession({ accessToken: 't', expiresIn: 1800, tokenType: 'Bearer' });
    const answer = await load('27');
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe('/');
  });

  it('back from the enterprise login: refreshes, marks the impersonation active and goes home', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      jsonResponse(200, { accessToken: 'staff', expiresIn: 1800, tokenType: 'Bearer' }),
    );
    const answer = await load('27', '?signedIn=1');
    expect((answer as Response).headers.get('Location')).toBe('/');
    expect(getSession()?.accessToken).toBe('staff');
    expect(getImpersonation()).toMatchObject({ contactId: 27, status: 'active' });
  });

  it('back without a staff session: fails to authenticate', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(401, { status: 401, title: 'Unauthorized' }));
    await expect(load('27', '?signedIn=1')).resolves.toEqual({ state: 'failed', contactId: 27, reason: 'authenticate' });
    expect(getImpersonation()).toBeNull();
  });

  it('back with an error: the impersonation failed', async () => {
    await expect(load('27', '?error=failed')).resolves.toEqual({ state: 'failed', contactId: 27, reason: 'failed' });
    await expect(load('27', '?error=unknown-staff')).resolves.toMatchObject({ reason: 'unknown-staff' });
  });

  it('stopping forgets everything here and goes through the enterprise logout', () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    localStorage.setItem('portal.impersonation', JSON.stringify({ contactId: 27, status: 'active', account: null }));
    impersonateLogoutLoader();
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('/v1/auth/enterprise/logout');
  });
});
