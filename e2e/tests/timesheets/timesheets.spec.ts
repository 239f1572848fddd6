import { readFileSync } from 'node:fs';
import type { APIResponse, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, homeAfterClientOverview, signIn } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  savedDownload,
  screenshot,
  useBrowser,
} from '../../support/browser';
import { baseUrl } from '../../support/world';
import { journeyWidths } from '../../support/widths';

/**
 * Timesheets as group.admin (every scope at the Australian group): the summary is the API's, three timesheets
 * approved together leave the list, one is modified with new times, one marked as did not happen with a reason, a PDF
 * downloads, approving one already approved in another tab says 'submitted with issues', and a mixed selection with a
 * timesheet the educator says did not happen is confirmed once and bills no charge (at both widths). This file
 * decides ten of group.admin's timesheets pending approval.
 */
const ADMIN = 'group.admin@demo.test';

interface Timesheet {
  bookingId: number;
  dateLocal: string;
  startTimeLocal: string;
  endTimeLocal: string;
  breakMinutes: number;
  candidateId: number;
  candidateFullName: string;
  candidateBookingModifications: unknown;
  status: string;
  decision: string | null;
  clientModification: { didNotHappen: boolean; startTimeLocal: string | null; endTimeLocal: string | null; reason: string | null } | null;
}
interface Counts {
  approved: number;
  pendingReview: number;
  pendingApproval: number;
}
interface Overview {
  totals: Counts;
  clients: Array<Counts & { clientId: number; clientName: string }>;
  candidates: Array<Counts & { candidateId: number; candidateName: string }>;
}

const JOURNEY_MS = 240_000;

const api = (path: string) => `${baseUrl()}/v1/${path}`;

async function clientIdsOf(token: string): Promise<number[]> {
  const profile = await apiGet<{
    links: { groups: Array<{ clients: Array<{ clientId: number }> }>; clients: Array<{ clientId: number }> };
  }>(token, 'profile');
  return [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients].map((c) => c.clientId);
}

async function pendingPage(token: string, ids: string, take = 25): Promise<{ rows: Timesheet[]; total: number }> {
  const response = await fetch(api(`timesheets?${ids}&take=${take}`), {
    headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
  });
  expect(response.status).toBe(200);
  const total = (JSON.parse(response.headers.get('x-pagination') ?? '{}') as { total: number }).total;
  return { rows: ((await response.json()) as { pendingApprovalList: Timesheet[] }).pendingApprovalList, total };
}

/** A page whose waits (screenshots of a long page included) allow for a busy machine. */
async function newPage(browser: ReturnType<typeof useBrowser>, viewport: 'desktop' | 'mobile'): Promise<Page> {
  const page = await browser.newPage(viewport);
  page.setDefaultTimeout(30_000);
  return page;
}

const row = (page: Page, bookingId: number) => page.locator(`[data-testid="timesheet-row"][data-booking-id="${bookingId}"]`);
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (local: string) => Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16));

async function openTimesheets(page: Page): Promise<void> {
  await signIn(page, ADMIN, '/');
  await homeAfterClientOverview(page);
  // The dashboard's 'Timesheets to approve' tile leads here.
  await page.getByRole('link', { name: /Timesheets to approve/ }).click();
  await page.waitForURL('**/timesheets');
  await expectHeading(page, 'Timesheets');
  await expect.poll(() => page.title()).toMatch(/^Timesheets \| /);
}

async function expectTotal(page: Page, total: number): Promise<void> {
  await expect
    .poll(async () => (await page.getByTestId('timesheets-total').textContent())?.trim())
    .toBe(`${total.toLocaleString('en')} timesheet${total === 1 ? '' : 's'} to approve`);
}

describe('timesheets', () => {
  const browser = useBrowser();
  let token: string;
  let ids: string;

  beforeAll(async () => {
    token = await apiTokenFor(ADMIN);
    ids = (await clientIdsOf(token)).map((id) => `clientIds=${id}`).join('&');
  });

  it(
    'shows the summary, approves three, modifies one, marks one did not happen and downloads a PDF (desktop)',
    async () => {
      const page = await newPage(browser, 'desktop');
      await openTimesheets(page);

      // The summary is the API's.
      const overview = await apiGet<Overview>(token, `timesheets/overview?${ids}`);
      expect(overview.totals.pendingApproval).toBeGreaterThan(8);
      await expect
        .poll(() => page.getByTestId('timesheets-total-pending-approval').textContent())
        .toBe(overview.totals.pendingApproval.toLocaleString('en'));
      expect(await page.getByTestId('timesheets-total-pending-review').textContent()).toBe(
        overview.totals.pendingReview.toLocaleString('en'),
      );
      expect(await page.getByTestId('timesheets-total-approved').textContent()).toBe(overview.totals.approved.toLocaleString('en'));
      await expect.poll(() => page.getByTestId('timesheets-by-school').getByRole('listitem').count()).toBe(overview.clients.length);

      // The list is the API's first page, oldest first; the educator's changes are marked.
      const first = await pendingPage(token, ids);
      await expectTotal(page, first.total);
      await expect.poll(() => page.getByTestId('timesheet-row').count()).toBe(first.rows.length);
      expect(await page.getByTestId('timesheet-row').first().getAttribute('data-booking-id')).toBe(String(first.rows[0]!.bookingId));
      const changed = first.rows.filter((r) => r.candidateBookingModifications !== null).map((r) => String(r.bookingId));
      expect(
        await page
          .locator('[data-testid="timesheet-row"][data-changed]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-booking-id'))),
      ).toEqual(changed);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'timesheets');

      // Select three the educators did not change, approve them (a bulk approval is confirmed): they leave the list.
      const three = first.rows.filter((r) => r.candidateBookingModifications === null).slice(0, 3);
      for (const timesheet of three) await row(page, timesheet.bookingId).getByRole('checkbox').check();
      await expectVisible(page.getByTestId('timesheet-selection-count').filter({ hasText: '3 selected' }));
      await screenshot(page, 'timesheets-selected');
      await page.getByRole('toolbar', { name: 'Decide the selected timesheets' }).getByRole('button', { name: 'Approve' }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve 3 timesheets?' });
      await expectVisible(confirm.getByText('All 3 are as booked.'));
      await confirm.getByRole('button', { name: 'Approve 3', exact: true }).click();
      await expectVisible(page.getByText('3 timesheets approved.', { exact: true }));
      for (const timesheet of three) await row(page, timesheet.bookingId).waitFor({ state: 'detached' });
      await expectTotal(page, first.total - 3);
      const afterApprove = await apiGet<Overview>(token, `timesheets/overview?${ids}`);
      expect(afterApprove.totals.pendingApproval).toBe(overview.totals.pendingApproval - 3);
      await expect
        .poll(() => page.getByTestId('timesheets-total-pending-approval').textContent())
        .toBe(afterApprove.totals.pendingApproval.toLocaleString('en'));

      // Modify one with new times (one the educator did not change: its own times are the starting point).
      const remaining = (await pendingPage(token, ids)).rows;
      const toModify = remaining.find((r) => r.candidateBookingModifications === null)!;
      const start = minutesOf(toModify.startTimeLocal) + 15;
      const end = minutesOf(toModify.endTimeLocal) - 30;
      await row(page, toModify.bookingId).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Modify' }).click();
      const modify = page.getByRole('dialog', { name: 'Modify the timesheet' });
      await expectVisible(modify);
      await modify.getByLabel(/^Start/).fill(hhmm(start));
      await modify.getByLabel(/^End/).fill(hhmm(end));
      await modify.getByLabel(/^Break/).fill('30');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'timesheets-modify');
      await modify.getByRole('button', { name: 'Submit the change' }).click();
      await expectVisible(page.getByText('Change submitted: we will check it with the educator.', { exact: true }));
      await row(page, toModify.bookingId).waitFor({ state: 'detached' });
      const modified = await apiGet<Timesheet[]>(token, `timesheets/list?${ids}&status=pending_review&take=200`);
      const mine = modified.find((r) => r.bookingId === toModify.bookingId)!;
      expect(mine.decision).toBe('modified');
      expect(mine.clientModification?.startTimeLocal?.slice(-5)).toBe(hhmm(start));
      expect(mine.clientModification?.endTimeLocal?.slice(-5)).toBe(hhmm(end));

      // Did not happen, with a reason.
      const toCancel = remaining.find((r) => r.bookingId !== toModify.bookingId)!;
      await row(page, toCancel.bookingId).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Did not happen' }).click();
      const dialog = page.getByRole('dialog', { name: 'The booking did not happen?' });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expectVisible(dialog.getByText('This field is required'));
      // The timesheet's own reasons, not the teacher-absence list (no "Long service leave" here).
      const reasons = await dialog
        .getByLabel(/^Reason/)
        .locator('option')
        .allTextContents();
      expect(reasons).toContain('The educator did not attend');
      expect(reasons.some((text) => /long service leave|F&P testing/i.test(text))).toBe(false);
      await dialog.getByLabel(/^Reason/).selectOption('school closed');
      await dialog.getByLabel(/^Details/).fill('The class was away on an excursion');
      await screenshot(page, 'timesheets-did-not-happen');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expectVisible(page.getByText('Marked as did not happen: we will check it with the educator.', { exact: true }));
      await row(page, toCancel.bookingId).waitFor({ state: 'detached' });
      const reviewed = await apiGet<Timesheet[]>(token, `timesheets/list?${ids}&status=pending_review&take=200`);
      const cancelled = reviewed.find((r) => r.bookingId === toCancel.bookingId)!;
      expect(cancelled.decision).toBe('did_not_happen');
      expect(cancelled.clientModification?.reason).toBe('school closed: The class was away on an excursion');

      // Download a PDF (through the API client with the bearer token).
      const target = page.getByTestId('timesheet-row').first();
      const [download] = await Promise.all([page.waitForEvent('download'), target.getByTestId('timesheet-download').click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const path = await savedDownload(download);
      expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );

  it(
    "says 'submitted with issues' when another tab approved the timesheet first (desktop)",
    async () => {
      const page = await newPage(browser, 'desktop');
      // This tab has no live stream (a dropped connection): with it, the other tab's approval would reach this list
      // within a second or two (live-updates.spec.ts) and there would be no race left to show.
      await page.route(
        (url) => url.pathname === '/v1/events',
        (route) => route.abort(),
      );
      // Nor does it read its list again before its Approve: its reads of the pending list get the answer it first
      // had. On a slow machine something (a cache lifetime running out, the other tab saving the selected clients)
      // made it refresh after the other tab's approval, the row left the list and Approve was disabled.
      const firstAnswers = new Map<string, APIResponse>();
      const pendingList = (url: URL) => url.pathname === '/v1/timesheets';
      const keepFirstAnswer = async (route: Route) => {
        const key = route.request().url();
        const response = firstAnswers.get(key) ?? (await route.fetch());
        firstAnswers.set(key, response);
        await route.fulfill({ response });
      };
      await page.route(pendingList, keepFirstAnswer);
      await openTimesheets(page);
      const { rows } = await pendingPage(token, ids);
      const target = rows.find((r) => r.candidateBookingModifications === null)!;
      await row(page, target.bookingId).getByRole('checkbox').check();

      // Another tab of the same sign-in approves it first.
      const other = await page.context().newPage();
      other.setDefaultTimeout(30_000);
      await other.goto('/timesheets');
      await expectHeading(other, 'Timesheets');
      await row(other, target.bookingId).getByRole('checkbox').check();
      await other.getByRole('button', { name: 'Approve', exact: true }).click();
      await expectVisible(other.getByText('Timesheet approved.', { exact: true }));
      await other.close();

      // This tab still shows it: approving says why it was not (and the list it reads after that is the new one).
      await page.unroute(pendingList, keepFirstAnswer);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const issues = page.getByTestId('timesheet-submit-issues');
      await expectVisible(issues);
      await expectVisible(issues.getByText('Timesheets submitted with issues'));
      await expectVisible(issues.getByText(/: already actioned$/));
      await expectVisible(page.getByText(/^Timesheets submitted with issues: .*already actioned$/));
      await row(page, target.bookingId).waitFor({ state: 'detached' });
      await screenshot(page, 'timesheets-issues');
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );

  for (const viewport of journeyWidths()) {
    it(
      `asks once before approving a mixed selection with a did-not-happen timesheet, then says No charge (${viewport})`,
      async () => {
        const page = await newPage(browser, viewport);
        await openTimesheets(page);
        const item = (bookingId: number) =>
          page.locator(`[data-testid="${viewport === 'desktop' ? 'timesheet-row' : 'timesheet-card'}"][data-booking-id="${bookingId}"]`);
        // The list at 100 a page; the first page of the API's with a timesheet the educator says did not happen.
        await page.getByLabel('Rows per page').selectOption('100');
        const pageWithDidNotHappen = async (skip: number): Promise<{ rows: Timesheet[]; didNotHappen: Timesheet | undefined }> => {
          const response = await fetch(api(`timesheets?${ids}&take=100&skip=${skip}`), {
            headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
          });
          const rows = ((await response.json()) as { pendingApprovalList: Timesheet[] }).pendingApprovalList;
          const didNotHappen = rows.find((r) => (r.candidateBookingModifications as { didNotHappen?: boolean } | null)?.didNotHappen);
          if (didNotHappen || rows.length < 100) return { rows, didNotHappen };
          await page.getByRole('button', { name: 'Go to next page' }).click();
          return pageWithDidNotHappen(skip + 100);
        };
        const { rows, didNotHappen } = await pageWithDidNotHappen(0);
        expect(didNotHappen, 'a timesheet the educator says did not happen').toBeDefined();
        const plain = rows.find((r) => r.candidateBookingModifications === null)!;
        await expect.poll(() => item(didNotHappen!.bookingId).count()).toBe(1);
        await expectVisible(item(didNotHappen!.bookingId).getByText('No charge if approved'));
        await screenshot(page, 'timesheets-no-charge-row');

        for (const timesheet of [plain, didNotHappen!]) await item(timesheet.bookingId).getByRole('checkbox').check();
        await page.getByRole('toolbar', { name: 'Decide the selected timesheets' }).getByRole('button', { name: 'Approve' }).click();
        const dialog = page.getByRole('dialog', { name: 'Approve 2 timesheets?' });
        await expectVisible(dialog);
        await expectVisible(
          dialog.getByText(/the educator says it did not happen\. Approving agrees: the booking is cancelled with no charge\./),
        );
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, 'timesheets-approve-confirm');
        await dialog.getByRole('button', { name: 'Approve 2' }).click();
        await expectVisible(page.getByText(/^2 timesheets approved\. .*: no charge, the booking is cancelled\.$/));
        await item(didNotHappen!.bookingId).waitFor({ state: 'detached' });

        // The server agrees: one approved for invoice, the other's booking cancelled with no charge.
        const approved = await apiGet<Timesheet[]>(token, `timesheets/list?${ids}&status=approved_for_invoice&take=200`);
        expect(approved.some((r) => r.bookingId === plain.bookingId)).toBe(true);
        const detail = await apiGet<{ booking: { status: string } }>(token, `bookings/${didNotHappen!.bookingId}`);
        expect(detail.booking.status).toBe('cancelled');
        expectNoPageErrors(page);
      },
      JOURNEY_MS,
    );
  }

  it(
    "opens an educator's own list and the decided history (desktop)",
    async () => {
      const page = await newPage(browser, 'desktop');
      await openTimesheets(page);
      const overview = await apiGet<Overview>(token, `timesheets/overview?${ids}`);
      const educator = [...overview.candidates].sort(
        (a, b) => b.pendingApproval - a.pendingApproval || a.candidateName.localeCompare(b.candidateName),
      )[0]!;
      await page.getByRole('button', { name: `View timesheets of ${educator.candidateName}` }).click();
      await expectVisible(page.getByRole('heading', { name: `Timesheets of ${educator.candidateName}` }));
      const response = await fetch(api(`timesheets/candidate?${ids}&candidateId=${educator.candidateId}&take=25`), {
        headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
      });
      const own = ((await response.json()) as { pendingApprovalList: Timesheet[] }).pendingApprovalList;
      await expect.poll(() => page.getByTestId('timesheet-row').count()).toBe(own.length);
      expect(new URL(page.url()).searchParams.get('educator')).toBe(String(educator.candidateId));

      await page.getByRole('button', { name: 'Show every educator' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Timesheets to approve' }));
      await page.getByRole('tab', { name: 'Approved and invoiced' }).click();
      const history = await apiGet<Timesheet[]>(token, `timesheets/list?${ids}&take=25`);
      await expect.poll(() => page.getByTestId('timesheet-history-row').count()).toBe(history.length);
      expect(await page.getByTestId('timesheet-history-row').first().getAttribute('data-booking-id')).toBe(String(history[0]!.bookingId));
      await page.getByLabel('Status').selectOption('invoiced');
      await expect
        .poll(async () => [
          ...new Set(await page.getByTestId('timesheet-history-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-status')))),
        ])
        .toEqual(['invoiced']);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'timesheets-history');
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );

  it(
    'works on a phone: cards, select-all and the decisions at hand (mobile)',
    async () => {
      const page = await newPage(browser, 'mobile');
      await openTimesheets(page);
      await expect.poll(() => page.getByTestId('timesheet-card').count()).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'timesheets');
      await page.getByRole('checkbox', { name: /^Select all \d+ shown$/ }).check();
      const count = await page.getByTestId('timesheet-card').count();
      await expectVisible(page.getByTestId('timesheet-selection-count').filter({ hasText: `${count} selected` }));
      await expectVisible(page.getByRole('button', { name: 'Approve', exact: true }));
      await page.getByRole('button', { name: 'Modify' }).click();
      const modify = page.getByRole('dialog', { name: `Modify ${count} timesheets` });
      await expectVisible(modify);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'timesheets-modify');
      await modify.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('tab', { name: 'Approved and invoiced' }).click();
      await expect.poll(() => page.getByTestId('timesheet-history-card').count()).toBeGreaterThan(0);
      await screenshot(page, 'timesheets-history');
      expectNoPageErrors(page);
    },
    JOURNEY_MS,
  );
});
