import { describe, expect, it } from 'vitest';
import { homeAccess, homeShowsCounts } from './dashboard';
import { withInheritance, type ClientLink } from './permissions';

const client = (clientId: number, permissions: string[]): ClientLink => ({
  clientId,
  clientName: `Client ${clientId}`,
  access: { permissions },
  locations: [
    {
      locationId: clientId * 10,
      locationName: `Location ${clientId}`,
      timeZone: 'Australia/Sydney',
      tags: [],
      access: { permissions: [] },
    },
  ],
});
const access = (clients: ClientLink[], selected: number[]) => homeAccess(withInheritance({ groups: [], clients }), selected);

describe("Home's access", () => {
  it('gives every part to a school with every scope', () => {
    const all = ['booking_all', 'pendingBooking_all', 'accounts_all', 'timesheets_all'];
    const home = access([client(1, all)], [1]);
    expect(home).toMatchObject({ bookings: true, approves: true, requests: true, accounts: true, timesheets: true, createBookings: true });
    expect(homeShowsCounts(home)).toBe(true);
  });

  it('shows counts of what the contact may see, and offers booking only to who may book or ask', () => {
    const viewer = access([client(1, ['booking_view'])], [1]);
    expect(viewer).toMatchObject({ bookings: true, createBookings: false });
    expect(homeShowsCounts(viewer)).toBe(true);
    const finance = access([client(1, ['accounts_view'])], [1]);
    expect(finance).toMatchObject({ bookings: false, accounts: true, createBookings: false });
    expect(homeShowsCounts(finance)).toBe(true);
    const asker = access([client(1, ['booking_view', 'pendingBooking_create'])], [1]);
    expect(asker).toMatchObject({ requests: true, approves: false, createBookings: true });
  });

  it('follows the selection: a client outside it gives nothing', () => {
    const home = access([client(1, ['booking_view']), client(2, ['accounts_view'])], [2]);
    expect(home).toMatchObject({ bookings: false, accounts: true });
    expect(homeShowsCounts(access([client(1, [])], [1]))).toBe(false);
  });
});
