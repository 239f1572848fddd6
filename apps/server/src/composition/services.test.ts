import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionTree } from '@portal/contract/permissions';
import { buildTestApp, type TestApp } from '../../test/helpers';

/**
 * Services are built once with the app's collaborators (composition/services.ts): one instance per service for the
 * app's life, one booking notifier shared by those that confirm bookings, and the app's clock.
 */
let clock = new Date('2026-05-04T23:30:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ kind: 'migrated', now: () => clock });
});
afterAll(() => t.close());

const noAccess: PermissionTree = { groups: [], clients: [] };

describe('app.services', () => {
  it('is one set of services for the life of the app', () => {
    expect(t.app.services.availability).toBe(t.app.services.availability);
    expect(t.app.services.bookings).toBeDefined();
    // The cancellation requests work through the app's bookings service, not a second one.
    expect((t.app.services.cancellationRequests as unknown as { bookings: unknown }).bookings).toBe(t.app.services.bookings);
  });

  it('shares one booking notifier between the services that confirm bookings', () => {
    const notifierOf = (service: unknown) => (service as { notifier: unknown }).notifier;
    expect(notifierOf(t.app.services.provider)).toBeDefined();
    expect(notifierOf(t.app.services.provider)).toBe(notifierOf(t.app.services.createBooking));
  });

  it("reads the time from the app's clock, as tests set it", () => {
    expect(t.app.services.availability.today(noAccess)).toBe('2026-05-04');
    clock = new Date('2026-05-05T00:30:00Z');
    expect(t.app.services.availability.today(noAccess)).toBe('2026-05-05');
  });
});
