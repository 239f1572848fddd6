import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressParams, type AddressChanges } from './use-address-params';

type Update = (changes: AddressChanges, options?: { resetPage?: boolean; replace?: boolean }) => void;

function setup(initial: string) {
  const seen: { update?: Update } = {};
  function Probe() {
    const [, update] = useAddressParams();
    seen.update = update;
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return {
    router,
    update: (changes: AddressChanges, options?: { resetPage?: boolean; replace?: boolean }) => seen.update!(changes, options),
  };
}

describe('useAddressParams', () => {
  it('keeps two changes made before the page re-rendered (a school, then a search)', async () => {
    const { router, update } = setup('/candidates?sort=name&page=3');
    await act(async () => {
      update({ school: '12' });
      update({ q: 'Ada Lovelace' });
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({ sort: 'name', school: '12', q: 'Ada Lovelace' });
  });

  it('removes empty values, keeps the page only when told, and builds on an address that came from elsewhere', async () => {
    const { router, update } = setup('/finance?status=unpaid');
    await act(async () => update({ page: '2' }, { resetPage: false }));
    expect(router.state.location.search).toBe('?status=unpaid&page=2');
    await act(async () => router.navigate('/finance?sort=amount'));
    await act(async () => update({ status: '', size: '50' }));
    expect(router.state.location.search).toBe('?sort=amount&size=50');
  });
});
