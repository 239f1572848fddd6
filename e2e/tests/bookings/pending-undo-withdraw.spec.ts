import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { contactIdOf, expectHeading, signIn } from '../../support/auth';
import { authed, schoolDaysInOneWeek } from '../../support/bookings';
import { baseUrl } from '../../support/world';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * One-click decisions with a way back on Bookings pending approval: the list's Approve waits five seconds with
 * Undo (the row stays in place, marked) before it is sent; a pending booker withdraws her own request after a
 * confirmation, and approvers no longer see it. This file approves requests of group.admin's group and withdraws
 * requests pending.booker makes here.
 */
const ADMIN = 'group.admin@demo.test';
const BOOKER = 'pending.booker@demo.test';
const UNDO_WINDOW_MS = 5000;

interface PendingSummary {
  id: number;
  status: string;
  createdBy: { id: number | null; name: string };
}

/** A new request of the pending booker's, waiting for approval, on a free school day `weeksAhead` weeks ahead. */
async function createPendingRequest(token: string, weeksAhead: number, tag: string): Promise<number> {
  const locations = await apiGet<{ locationId: number; clientId: number; canCreatePendingBooking: boolean }[]>(
    token,
    'locations/booking-location-list',
  );
  const location = locations.find((l) => l.canCreatePendingBooking)!;
  const classifications = await apiGet<{ id: number }[]>(token, `clients/${location.clientId}/pay-classes`);
  const contacts = await apiGet<{ id: number; email: string | null; methods: { email: boolean } }[]>(
    token,
    `contacts/booking-contacts?locationId=${location.locationId}`,
  );
  const certifications = await apiGet<{ id: number; isLocationDefault: boolean }[]>(
    token,
    `locations/${location.locationId}/certifications`,
  );
  const response = await fetch(`${baseUrl()}/v1/bookings`, {
    method: 'POST',
    headers: { ...authed(token), 'idempotency-key': `e2e-${tag}-${Date.now()}` },
    body: JSON.stringify({
      locationId: location.locationId,
      classificationId: classifications[0]!.id,
      certificationIds: certifications.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates: await schoolDaysInOneWeek(token, location.locationId, weeksAhead, 1),
      startTime: '08:40',
      endTime: '15:20',
      confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email && c.email)!.id, email: true }],
      policiesAgreed: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = (await response.json()) as { requestId: number; status: string };
  expect(created.status).toBe('pending_approval');
  return created.requestId;
}

const row = (page: Page, id: number) => page.locator(`[data-testid="pending-request"][data-request-id="${id}"]`);
const statusOf = async (token: string, id: number) => (await apiGet<{ status: string }>(token, `pending-bookings/${id}`)).status;

async function openList(page: Page, who: string): Promise<void> {
  await signIn(page, who, '/bookings/pending-approval');
  await expectHeading(page, 'Bookings pending approval');
  await expect.poll(() => page.getByTestId('pending-request').count()).toBeGreaterThan(0);
}

describe('Approve on the pending list has an Undo', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`Undo sends nothing; letting it run approves, and the rows do not move meanwhile (${viewport})`, async () => {
      const admin = await apiTokenFor(ADMIN);
      const booker = await apiTokenFor(BOOKER);
      // A fresh request (its dates can still be approved): the newest, so the first row.
      await createPendingRequest(booker, viewport === 'desktop' ? 4 : 6, `undo-${viewport}`);
      const newest = (await apiGet<PendingSummary[]>(admin, 'pending-bookings?take=2')).map((r) => r.id);
      const page = await browser.newPage(viewport);
      await openList(page, ADMIN);
      const ids = await page
        .getByTestId('pending-request')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-request-id'))));
      expect(ids.slice(0, 2)).toEqual(newest);
      const [target, next] = [ids[0]!, ids[1]!];
      const nextTop = async () => (await row(page, next).boundingBox())!.y;
      const before = await nextTop();

      // Approve: the row stays where it was, marked, with Undo in focus; nothing is sent yet.
      await row(page, target).getByRole('button', { name: 'Approve', exact: true }).click();
      await expectVisible(row(page, target).getByText('Approving…'));
      const undo = row(page, target).getByRole('button', { name: /^Undo/ });
      await expectVisible(undo);
      expect(await undo.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await row(page, target).getAttribute('data-phase')).toBe('queued');
      expect(await page.getByTestId('pending-announcement').textContent()).toMatch(/^Approving the request by .+ in 5 seconds\./);
      expect(await nextTop()).toBe(before);

      // Undo (from the keyboard, as the focus is there): the row is back, and the request still waits, even later.
      await page.keyboard.press('Enter');
      await expectVisible(row(page, target).getByRole('button', { name: 'Approve', exact: true }));
      expect(await row(page, target).getAttribute('data-phase')).toBeNull();
      await page.waitForTimeout(UNDO_WINDOW_MS + 1500);
      expect(await statusOf(admin, target)).toBe('pending_approval');

      // Approve and let it run: sent after the window, approved; the row stays marked under a mouse pointer (a
      // finger, lifted, leaves nothing to slide under).
      const approve = row(page, target).getByRole('button', { name: 'Approve', exact: true });
      if (viewport === 'mobile') await approve.tap();
      else await approve.click();
      // Looked at and checked while it waits (these may outlast the window on a busy machine: nothing depends on it).
      await screenshot(page, 'pending-approve-undo');
      await expectNoSeriousA11yViolations(page);
      await expect.poll(() => statusOf(admin, target), { timeout: UNDO_WINDOW_MS + 10_000, interval: 500 }).toBe('approved');
      await expectVisible(page.getByText('Booking approved and sent to us to fill. Gold star!'));
      if (viewport === 'desktop') {
        await expectVisible(row(page, target).getByText('Approved', { exact: true }));
        expect(await nextTop()).toBe(before);
        await screenshot(page, 'pending-approved-held');
        // The pointer leaves the list: it closes up.
        await page.mouse.move(5, 5);
      }
      await row(page, target).waitFor({ state: 'detached' });
      const after = await apiGet<PendingSummary[]>(admin, 'pending-bookings?take=100');
      expect(after.some((r) => r.id === target)).toBe(false);
      expectNoPageErrors(page);
    }, 60_000);
  }
});

describe('a pending booker withdraws her own request', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`after 'Withdraw this request?', the approver no longer sees it (${viewport})`, async () => {
      const booker = await apiTokenFor(BOOKER);
      const admin = await apiTokenFor(ADMIN);
      const me = await contactIdOf(BOOKER);
      const ownId = await createPendingRequest(booker, viewport === 'desktop' ? 5 : 7, `withdraw-${viewport}`);
      const own = (await apiGet<PendingSummary[]>(booker, 'pending-bookings?take=100')).find((r) => r.id === ownId)!;
      expect(own.createdBy.id).toBe(me);

      const page = await browser.newPage(viewport);
      await openList(page, BOOKER);
      await expectVisible(row(page, own.id));
      // The page speaks to her about her own requests, not about approving them.
      await expectVisible(page.getByText('Your booking requests that wait for a colleague', { exact: false }));
      // Never Approve for the booker; Withdraw only on her own requests.
      expect(await page.getByRole('button', { name: 'Approve', exact: true }).count()).toBe(0);
      await row(page, own.id).getByRole('button', { name: 'Withdraw', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
      await expectVisible(dialog);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'pending-withdraw-confirm');
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await statusOf(admin, own.id)).toBe('pending_approval');

      await row(page, own.id).getByRole('button', { name: 'Withdraw', exact: true }).click();
      await dialog.getByRole('button', { name: 'Withdraw request' }).click();
      await expectVisible(page.getByText('Request withdrawn. Approvers no longer see it.'));
      await row(page, own.id).waitFor({ state: 'detached' });
      expect(await statusOf(admin, own.id)).toBe('withdrawn');

      // The approver's list does not have it.
      const approver = await browser.newPage(viewport);
      await openList(approver, ADMIN);
      expect(await row(approver, own.id).count()).toBe(0);
      const list = await apiGet<PendingSummary[]>(admin, 'pending-bookings?take=100');
      expect(list.some((r) => r.id === own.id)).toBe(false);
      expectNoPageErrors(page);
      expectNoPageErrors(approver);
    }, 60_000);
  }
});
