import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor, localIsoDate } from '../../support/api';
import { expectHeading, navigateInApp, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { baseUrl } from '../../support/world';

/**
 * Bookings: the list and its filters, a booking's detail, cancel, extend, quick feedback and the full
 * feedback form link, as group.admin (every scope at the Australian group); pending approval as group.admin
 * (approves) and pending.booker (sees, cannot decide). This file changes group.admin's bookings: it cancels one
 * unfilled booking, extends one, gives feedback on one and approves one pending request.
 */
const ADMIN = 'group.admin@demo.test';
const BOOKER = 'pending.booker@demo.test';
const CANCEL_ASSIGNED =
  'An educator has already been assigned to this booking, so it cannot be cancelled online. Please call us to cancel it.';

interface Candidate {
  id: number;
  fullName: string;
  preferredName: string | null;
  lastName: string;
}
interface ListItem {
  id: number;
  requestId: number;
  status: string;
  dateLocal: string;
  candidate: Candidate | null;
  location: { id: number; name: string };
}
interface Detail {
  id: number;
  status: string;
  bookings: ListItem[];
  booking: ListItem & { actions: { cancel: boolean; cancelBlockedReason: string | null; extend: boolean; quickFeedback: boolean } };
}
interface PendingFeedback {
  bookingID: number;
  feedbackCompleted: boolean;
  candidate: Candidate;
}
interface PendingSummary {
  id: number;
  status: string;
  createdBy: { name: string };
  location: { id: number; name: string };
}

const api = (path: string) => `${baseUrl()}/v1/${path}`;
const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-version': '1' });

async function list(token: string, query: string): Promise<{ items: ListItem[]; total: number }> {
  const response = await fetch(api(`bookings?${query}`), { headers: headers(token) });
  expect(response.status, `GET bookings?${query}`).toBe(200);
  const pagination = JSON.parse(response.headers.get('x-pagination') ?? '{}') as { total: number };
  return { items: (await response.json()) as ListItem[], total: pagination.total };
}

const nameOf = (candidate: Candidate) =>
  candidate.preferredName ? `${candidate.preferredName} ${candidate.lastName}` : candidate.fullName;

async function openBookings(page: Page, path = '/bookings'): Promise<void> {
  await signIn(page, ADMIN, path);
  await expectHeading(page, 'Bookings');
  await expect.poll(() => page.title()).toMatch(/^Bookings \| /);
}

/** Detail of a booking, straight from the API. */
const detailOf = (token: string, id: number) => apiGet<Detail>(token, `bookings/${id}`);

/** A booking (newest dates first) whose detail passes `accept`. */
async function findBooking(token: string, query: string, accept: (detail: Detail) => boolean, sort = '-date'): Promise<Detail> {
  const { items } = await list(token, `${query}&sort=${sort}&take=40`);
  for (const item of items) {
    const detail = await detailOf(token, item.id);
    if (accept(detail)) return detail;
  }
  throw new Error(`no booking for ${query}`);
}

describe('bookings', () => {
  const browser = useBrowser();
  let token: string;
  const today = localIsoDate();

  beforeAll(async () => {
    token = await apiTokenFor(ADMIN);
  });

  it('lists the real bookings with the API count, filters by status and opens a detail (desktop)', async () => {
    const page = await browser.newPage('desktop');
    await openBookings(page);
    const { total, items } = await list(token, `dateFromLocal=${today}&sort=date&take=25`);
    expect(total).toBeGreaterThan(0);
    await expectVisible(page.getByTestId('bookings-total').filter({ hasText: `${total.toLocaleString('en')} booking` }));
    await expect.poll(() => page.getByTestId('booking-row').count()).toBe(Math.min(25, total));
    expect(await page.getByTestId('booking-row').first().getAttribute('data-booking-id')).toBe(String(items[0]!.id));
    await expectVisible(page.locator('main').getByRole('link', { name: 'Create booking', exact: true }));
    // The page's own button, named as the navigation names the page.
    await expectVisible(page.locator('main').getByRole('link', { name: 'Pending approval', exact: true }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'bookings');

    // Status filter: Unfilled only. The page must show the count of its own answer for that filter (the demo
    // simulator fills bookings meanwhile, so a second request of the test's own could differ).
    const filtered = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/v1/bookings' && url.searchParams.getAll('status').join() === 'unfilled' && r.request().method() === 'GET';
    });
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Unfilled' }).click();
    await page.keyboard.press('Escape');
    const answer = await filtered;
    expect(answer.status()).toBe(200);
    expect(new URL(answer.url()).searchParams.get('dateFromLocal')).toBe(today);
    const unfilledTotal = (JSON.parse(answer.headers()['x-pagination'] ?? '{}') as { total: number }).total;
    expect(unfilledTotal).toBeGreaterThan(0);
    expect(unfilledTotal).toBeLessThan(total);
    await expectVisible(
      page.getByTestId('bookings-total').filter({ hasText: new RegExp(`^${unfilledTotal.toLocaleString('en')} booking`) }),
    );
    await expect
      .poll(async () => [
        ...new Set(await page.getByTestId('booking-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))),
      ])
      .toEqual(['unfilled']);
    expect(new URL(page.url()).searchParams.getAll('status')).toEqual(['unfilled']);
    await screenshot(page, 'bookings-unfilled');

    // Open the first one.
    const firstId = await page.getByTestId('booking-row').first().getAttribute('data-booking-id');
    await page.getByTestId('booking-row').first().getByRole('link').click();
    await page.waitForURL(`**/bookings/${firstId}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
    await expectVisible(page.getByRole('heading', { name: 'Confirmations' }));
    await expectVisible(page.getByRole('heading', { name: 'Educator' }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'booking-detail-unfilled');
    expectNoPageErrors(page);
  });

  it('cancels an unfilled booking with a reason, and explains why a filled one cannot be (desktop)', async () => {
    const cancellable = await findBooking(token, `dateFromLocal=${today}&status=unfilled`, (d) => d.booking.actions.cancel);
    const page = await browser.newPage('desktop');
    await openBookings(page);
    await navigateInApp(page, `/bookings/${cancellable.booking.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expectVisible(dialog);
    // The reason is required.
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expectVisible(dialog.getByText('Please give a reason for cancelling this booking'));
    await dialog.getByRole('textbox', { name: /^Reason for cancelling/ }).fill('The class is on an excursion that day.');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'booking-cancel');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const toast = page.getByText('Booking cancelled', { exact: true });
    await expectVisible(toast);
    await expect.poll(async () => (await detailOf(token, cancellable.booking.id)).booking.status).toBe('cancelled');
    await expectVisible(page.getByText('Reason for cancelling: The class is on an excursion that day.', { exact: false }));
    // Cancelled says cancelled everywhere: no promise that someone will be assigned.
    await expectVisible(page.getByTestId('detail-no-educator').filter({ hasText: 'this booking was cancelled' }));
    expect(await page.getByText('as soon as someone is', { exact: false }).count()).toBe(0);
    await screenshot(page, 'booking-cancelled');
    // notistack's green success toast is below 4.5:1 (the shell's to fix): axe runs once it has gone.
    await toast.waitFor({ state: 'hidden', timeout: 8_000 });

    const filled = await findBooking(
      token,
      `dateFromLocal=${today}&status=filled`,
      (d) => !d.booking.actions.cancel && !!d.booking.actions.cancelBlockedReason,
    );
    expect(filled.booking.actions.cancelBlockedReason).toBe(CANCEL_ASSIGNED);
    await navigateInApp(page, `/bookings/${filled.booking.id}`);
    await expectVisible(page.getByTestId('cancel-blocked').filter({ hasText: CANCEL_ASSIGNED }));
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    await expectVisible(page.getByTestId('detail-educator').filter({ hasText: nameOf(filled.booking.candidate!) }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'booking-detail-filled');
    expectNoPageErrors(page);
  });

  it('extends a booking, showing which days the educator stays available (desktop)', async () => {
    // The soonest of at most two weeks: the furthest one's next weekday may be a public holiday (26 January), and a
    // block of four weeks may not grow (the location's longest block), either of which leaves nothing to add.
    const extendable = await findBooking(
      token,
      `dateFromLocal=${today}&status=filled`,
      (d) => d.booking.actions.extend && d.bookings.length <= 10,
      'date',
    );
    const before = extendable.bookings.length;
    const page = await browser.newPage('desktop');
    await openBookings(page);
    await navigateInApp(page, `/bookings/${extendable.booking.id}`);
    await page.getByRole('button', { name: 'Extend booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend this booking' });
    await expectVisible(dialog);
    await expectVisible(dialog.getByTestId('extend-summary'));
    expect(await dialog.getByTestId('extend-days').getByRole('listitem').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'booking-extend');
    await dialog.getByRole('button', { name: 'Extend booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectVisible(page.getByText(/^Booking extended to /));
    await expect.poll(async () => (await detailOf(token, extendable.booking.id)).bookings.length).toBeGreaterThan(before);
    expectNoPageErrors(page);
  });

  it('gives quick feedback from the pending feedback card, and opens the full feedback form link (desktop)', async () => {
    const profile = await apiGet<{ links: { groups: Array<{ clients: Array<{ clientId: number }> }> } }>(token, 'profile');
    const clientId = profile.links.groups[0]!.clients[0]!.clientId;
    const pending = (await apiGet<PendingFeedback[]>(token, `feedbacks/getBookingsPendingFeedback?clientId=${clientId}`)).filter(
      (p) => !p.feedbackCompleted,
    );
    expect(pending.length, 'bookings waiting for feedback at the first client').toBeGreaterThan(1);
    const page = await browser.newPage('desktop');
    await openBookings(page);
    const card = page.getByRole('region', { name: 'Waiting for your feedback' });
    await expectVisible(card);
    const item = card.locator(`[data-booking-id="${pending[0]!.bookingID}"]`);
    await item.getByRole('button', { name: `Quick feedback for ${nameOf(pending[0]!.candidate)}` }).click();
    const dialog = page.getByRole('dialog', { name: `How did ${nameOf(pending[0]!.candidate)} go?` });
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expectVisible(dialog.getByText('Please choose a rating'));
    await dialog.locator('label').filter({ hasText: '4: Very good' }).click();
    expect(await dialog.getByRole('radio', { name: '4: Very good' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Kept the class calm and on task.');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'booking-quick-feedback');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const toast = page.getByText('Thanks for your feedback. Gold star for you!');
    await expectVisible(toast);
    await item.waitFor({ state: 'detached' });
    await toast.waitFor({ state: 'hidden', timeout: 8_000 });
    const after = await apiGet<PendingFeedback[]>(token, `feedbacks/getBookingsPendingFeedback?clientId=${clientId}`);
    expect(after.find((p) => p.bookingID === pending[0]!.bookingID)?.feedbackCompleted ?? true).toBe(true);

    // The full form link of GET feedback-form opens the form on the bookings page.
    const { url } = await apiGet<{ url: string }>(token, `bookings/${pending[1]!.bookingID}/feedback-form`);
    expect(new URL(url).pathname + new URL(url).search).toBe(`/bookings?feedback=${pending[1]!.bookingID}`);
    await navigateInApp(page, `/bookings?feedback=${pending[1]!.bookingID}`);
    const full = page.getByRole('dialog', { name: `Feedback on ${nameOf(pending[1]!.candidate)}` });
    await expectVisible(full);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'booking-full-feedback');
    await full.getByRole('button', { name: 'Close' }).click();
    await full.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.get('feedback')).toBeNull();
    expectNoPageErrors(page);
  });

  it('shows cards, a detail and the filters on a phone', async () => {
    const page = await browser.newPage('mobile');
    await openBookings(page);
    // As the app starts, the cards follow the page's first render (lib/use-sliced-answer.ts): a first screen's wait.
    await expectVisible(page.getByTestId('booking-card').first());
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'bookings');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expectVisible(page.getByRole('combobox', { name: 'Status' }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'bookings-filters');
    await page.getByTestId('booking-card').first().getByRole('link').click();
    await page.waitForURL(/\/bookings\/\d+$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'booking-detail');
    expectNoPageErrors(page);
  });
});

describe('pending approval', () => {
  const browser = useBrowser();

  it('pending.booker sees the requests but cannot decide; group.admin approves one', async () => {
    const booker = await apiTokenFor(BOOKER);
    const admin = await apiTokenFor(ADMIN);
    const theirs = await apiGet<PendingSummary[]>(booker, 'pending-bookings');
    expect(theirs.length, 'pending requests of the demo world').toBeGreaterThan(0);

    const bookerPage = await browser.newPage('mobile');
    await signIn(bookerPage, BOOKER, '/bookings/pending-approval');
    await expectHeading(bookerPage, 'Bookings pending approval');
    await expect.poll(() => bookerPage.getByTestId('pending-request').count()).toBeGreaterThan(0);
    expect(await bookerPage.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(bookerPage);
    await screenshot(bookerPage, 'bookings-pending-approval-booker');

    const adminList = await apiGet<PendingSummary[]>(admin, 'pending-bookings');
    const target = adminList.find((request) => theirs.some((t) => t.id === request.id)) ?? adminList[0]!;
    const page = await browser.newPage('desktop');
    await signIn(page, ADMIN, '/bookings/pending-approval');
    await expectHeading(page, 'Bookings pending approval');
    const row = page.locator(`[data-testid="pending-request"][data-request-id="${target.id}"]`);
    await expectVisible(row);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'bookings-pending-approval');

    await row.getByRole('button', { name: `Details of the request by ${target.createdBy.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking request' });
    await expectVisible(dialog.getByText(target.createdBy.name).first());
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'bookings-pending-detail');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectVisible(page.getByText('Booking approved and sent to us to fill. Gold star!'));
    await row.waitFor({ state: 'detached' });
    const after = await apiGet<PendingSummary[]>(admin, 'pending-bookings');
    expect(after.some((request) => request.id === target.id)).toBe(false);
    expectNoPageErrors(page);
    expectNoPageErrors(bookerPage);
  });
});
