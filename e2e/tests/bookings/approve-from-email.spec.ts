import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, pathOf, signIn } from '../../support/auth';
import { authed, schoolDaysInOneWeek } from '../../support/bookings';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  screenshotAtBothWidths,
  useBrowser,
} from '../../support/browser';
import { baseUrl } from '../../support/world';

/**
 * Approve from the e-mail: pending.booker asks for a booking that needs approval; the approver
 * (group.admin) gets an e-mail with their own Approve and Reject links; the Approve link, opened in a fresh browser
 * with no session, shows the request and approves it on confirmation, once. Afterwards every link of the request
 * says it was approved, by whom and when (a form left open too, when used); only an unknown link is "expired".
 */

const APPROVER = 'group.admin@demo.test';
const api = (path: string) => `${baseUrl()}/v1/${path}`;

interface OutboxMessage {
  subject: string | null;
  text: string;
}

/** The approver's Approve and Reject links for the request whose reference ends the subject (waits for the mail). */
async function approvalLinks(reference: string): Promise<{ approve: string; reject: string }> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${api('dev/outbox')}?to=${encodeURIComponent(APPROVER)}`, { headers: { 'accept-version': '1' } });
    const messages = (await response.json()) as OutboxMessage[];
    const mail = messages.find((m) => m.subject?.startsWith('Booking waiting for your approval') && m.subject.endsWith(` ${reference}`));
    const approve = mail && /Approve: (https?:\/\/\S+\/email-action\/[\w-]{43})/.exec(mail.text)?.[1];
    const reject = mail && /Reject: (https?:\/\/\S+\/email-action\/[\w-]{43})/.exec(mail.text)?.[1];
    if (approve && reject) return { approve, reject };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no approval e-mail for ${reference} in the outbox of ${APPROVER}`);
}

/** pending.booker's request at a school where it may only ask for approval; answers its id and reference. */
async function requestNeedingApproval(): Promise<{ id: number; reference: string; locationName: string }> {
  const token = await apiTokenFor('pending.booker@demo.test');
  const locations = await apiGet<
    { locationId: number; clientId: number; locationName: string; canCreateBooking: boolean; canCreatePendingBooking: boolean }[]
  >(token, 'locations/booking-location-list');
  const location = locations.find((l) => !l.canCreateBooking && l.canCreatePendingBooking);
  expect(location, 'a location where pending.booker may only ask for approval').toBeDefined();
  const { locationId, clientId } = location!;
  const classifications = await apiGet<{ id: number }[]>(token, `clients/${clientId}/pay-classes`);
  const contacts = await apiGet<{ id: number; methods: { email: boolean } }[]>(token, `contacts/booking-contacts?locationId=${locationId}`);
  const certifications = await apiGet<{ id: number; isLocationDefault: boolean }[]>(token, `locations/${locationId}/certifications`);
  const dates = await schoolDaysInOneWeek(token, locationId, 3, 2);
  const response = await fetch(api('bookings'), {
    method: 'POST',
    headers: { ...authed(token), 'idempotency-key': `e2e-email-approve-${Date.now()}` },
    body: JSON.stringify({
      locationId,
      classificationId: classifications[0]!.id,
      certificationIds: certifications.filter((c) => c.isLocationDefault).map((c) => c.id),
      dates,
      startTime: '08:30',
      endTime: '15:00',
      confirmations: [{ bookingContactId: contacts.find((c) => c.methods.email)!.id, email: true }],
      policiesAgreed: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = (await response.json()) as { requestId: number; status: string; seriesReference: string | null };
  expect(created.status).toBe('pending_approval');
  // Several dates make a block: its series reference (which the portal shows) ends the mail's subject.
  expect(created.seriesReference, 'a block with a series reference').not.toBeNull();
  return { id: created.requestId, reference: created.seriesReference!, locationName: location!.locationName };
}

describe('approve from the e-mail', () => {
  const browser = useBrowser();

  it('the approver’s Approve link approves the request in a browser with no session, once', async () => {
    const request = await requestNeedingApproval();
    const { approve, reject } = await approvalLinks(request.reference);

    // The Reject link first, only looked at (opening a link changes nothing): it asks for a reason.
    const rejectPage = await browser.newPage('mobile');
    await rejectPage.goto(reject);
    await expectHeading(rejectPage, 'Reject booking request');
    await expectVisible(rejectPage.getByText(request.locationName, { exact: false }));
    await rejectPage.getByRole('button', { name: 'Reject booking' }).click();
    await expectVisible(rejectPage.getByText('Please give a reason for rejecting this booking'));
    expect(await rejectPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(rejectPage);
    await screenshot(rejectPage, 'email-action-reject');
    expectNoPageErrors(rejectPage);

    // A fresh browser context: no sign-in, no cookies.
    const page = await browser.newPage('desktop');
    expect(await page.context().cookies()).toEqual([]);
    await page.goto(approve);
    expect(pathOf(page)).toMatch(/^\/email-action\/[\w-]{43}$/);
    await expectHeading(page, 'Approve booking request');
    await expectVisible(page.getByText(request.locationName, { exact: false }));
    await expectVisible(page.getByText('Mia Rossi', { exact: false }));
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'email-action-approve');

    await page.getByRole('button', { name: 'Approve booking' }).click();
    await expectHeading(page, 'Booking approved');
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'email-action-approved');

    const admin = await apiTokenFor(APPROVER);
    const detail = await apiGet<{ status: string }>(admin, `pending-bookings/${request.id}`);
    expect(detail.status).toBe('approved');

    // Decided: the link says what happened, by whom, and offers the way in; "expired" only when it is.
    await page.goto(approve);
    await expectHeading(page, 'Already approved');
    await expectVisible(page.getByText(/^Grace Whitfield approved this booking request on /));
    await expectVisible(page.getByRole('link', { name: 'Sign in to the portal' }));
    await expectNoSeriousA11yViolations(page);
    await screenshotAtBothWidths(page, 'email-action-already-approved');
    // The Reject form left open before: acting on it now says the same, not "Failed" or "expired".
    await rejectPage.getByLabel('Reason for rejecting').fill('Not needed after all');
    await rejectPage.getByRole('button', { name: 'Reject booking' }).click();
    await expectHeading(rejectPage, 'Already approved');
    await expectVisible(rejectPage.getByText(/^Grace Whitfield approved this booking request on /));
    expect((await apiGet<{ status: string }>(admin, `pending-bookings/${request.id}`)).status).toBe('approved');

    // An unknown (or expired) link is the expired page.
    await page.goto(`${baseUrl()}/email-action/${'A'.repeat(43)}`);
    await expectHeading(page, 'This link has expired');
    await screenshotAtBothWidths(page, 'email-action-expired');
    expectNoPageErrors(page);
    expectNoPageErrors(rejectPage);
  }, 120_000);

  it('an open request decided elsewhere stops offering Approve and says why (live update, or on acting)', async () => {
    const request = await requestNeedingApproval();
    const { approve } = await approvalLinks(request.reference);
    const open = async (live: boolean) => {
      const page = await browser.newPage('desktop', { live });
      await signIn(page, APPROVER, '/bookings/pending-approval');
      await expectHeading(page, 'Bookings pending approval');
      await page
        .locator(`[data-testid="pending-request"][data-request-id="${request.id}"]`)
        .getByRole('button', { name: /^Details/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Booking request' });
      await expectVisible(dialog.getByRole('button', { name: 'Approve' }));
      return { page, dialog };
    };
    const live = await open(true);
    const stale = await open(false);

    // Another approver decides it from the e-mail while both dialogs are open.
    const token = new URL(approve).pathname.split('/').pop()!;
    const decided = await fetch(api(`email-actions/${token}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-version': '1', 'idempotency-key': crypto.randomUUID() },
      body: '{}',
    });
    expect(decided.status).toBe(200);

    // With live updates: the dialog changes by itself.
    await expectVisible(live.dialog.getByTestId('pending-decided').filter({ hasText: 'approved meanwhile' }), 20_000);
    expect(await live.dialog.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await live.dialog.getByRole('button', { name: 'Reject' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(live.page);
    await screenshot(live.page, 'pending-decided-meanwhile');

    // Without them: Approve is refused (409), and it says why instead of "Failed to process your request".
    await stale.dialog.getByRole('button', { name: 'Approve' }).click();
    await expectVisible(stale.page.getByText('Someone else decided this request meanwhile.'));
    expect(await stale.page.getByText('Failed to process your request').count()).toBe(0);
    await expectVisible(stale.dialog.getByTestId('pending-decided').filter({ hasText: 'approved meanwhile' }));
    expectNoPageErrors(live.page);
    expectNoPageErrors(stale.page);
  }, 120_000);
});
