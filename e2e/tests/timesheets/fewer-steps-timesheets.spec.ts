import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { baseUrl } from '../../support/world';

/**
 * Approving one school's week of timesheets, counted in interactions from the timesheets page: the school's week in
 * "By school" (one link), "Approve all N shown", and the confirmation a bulk approval asks for. The count is printed
 * and must stay at most 3, on a desktop and on a phone (where "By school" starts open). The API then shows that
 * exactly that school's week was decided, nothing else.
 */
const ADMIN = 'group.admin@demo.test';
const TARGET = 3;
const JOURNEY_MS = 240_000;

interface Timesheet {
  bookingId: number;
  clientId: number;
  dateLocal: string;
  candidateBookingModifications: { didNotHappen: boolean } | null;
}
interface Overview {
  clients: Array<{
    clientId: number;
    clientName: string;
    pendingApproval: number;
    pendingApprovalWeeks: { weekOf: string; pendingApproval: number }[];
  }>;
}

const api = (path: string) => `${baseUrl()}/v1/${path}`;

/** Every timesheet pending approval the query names, read 100 at a time. */
async function allPending(token: string, query: string): Promise<Timesheet[]> {
  const rows: Timesheet[] = [];
  for (let skip = 0; ; skip += 100) {
    const response = await fetch(api(`timesheets?${query}&take=100&skip=${skip}`), {
      headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
    });
    expect(response.status).toBe(200);
    const page = ((await response.json()) as { pendingApprovalList: Timesheet[] }).pendingApprovalList;
    rows.push(...page);
    if (page.length < 100) return rows;
  }
}

/** How many timesheets of the query are approved for invoice. */
async function approvedTotal(token: string, query: string): Promise<number> {
  const response = await fetch(api(`timesheets/list?${query}&status=approved_for_invoice&take=1`), {
    headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
  });
  expect(response.status).toBe(200);
  return (JSON.parse(response.headers.get('x-pagination') ?? '{}') as { total: number }).total;
}

/** The school and week (among the three newest weeks "By school" offers) with the most timesheets to approve, at most 25 (one page). */
function busiestWeek(
  overview: Overview,
  skip: ReadonlySet<number>,
): { clientId: number; clientName: string; weekOf: string; count: number } {
  const candidates = overview.clients
    .filter((c) => !skip.has(c.clientId))
    .flatMap((c) =>
      c.pendingApprovalWeeks
        .slice(0, 3)
        .map((w) => ({ clientId: c.clientId, clientName: c.clientName, weekOf: w.weekOf, count: w.pendingApproval })),
    )
    .filter((w) => w.count >= 2 && w.count <= 25)
    .sort((a, b) => b.count - a.count);
  expect(candidates.length, 'a school with a week of 2 to 25 timesheets to approve').toBeGreaterThan(0);
  return candidates[0]!;
}

describe('fewer steps: approve one school’s week of timesheets', () => {
  const browser = useBrowser();
  let token: string;
  let ids: string;
  const done = new Set<number>();

  beforeAll(async () => {
    token = await apiTokenFor(ADMIN);
    const profile = await apiGet<{
      links: { groups: Array<{ clients: Array<{ clientId: number }> }>; clients: Array<{ clientId: number }> };
    }>(token, 'profile');
    ids = [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients].map((c) => `clientIds=${c.clientId}`).join('&');
  });

  async function journey(page: Page, viewport: 'desktop' | 'mobile'): Promise<void> {
    const overview = await apiGet<Overview>(token, `timesheets/overview?${ids}`);
    const target = busiestWeek(overview, done);
    done.add(target.clientId);
    const before = await allPending(token, ids);
    const week = await allPending(token, `clientIds=${target.clientId}&weekOf=${target.weekOf}`);
    expect(week).toHaveLength(target.count);
    const approvedBefore = await approvedTotal(token, ids);

    // Signed in straight onto the timesheets page (sign-in is not counted).
    await signIn(page, ADMIN, '/timesheets');
    await expectHeading(page, 'Timesheets');
    let interactions = 0;
    const act = async (action: () => Promise<unknown>) => {
      interactions += 1;
      await action();
    };

    // On a phone too, "By school" starts open while the list shows every school.
    if (viewport === 'mobile') expect(await page.getByRole('button', { name: /^By school/ }).getAttribute('aria-expanded')).toBe('true');
    const chip = page.locator(
      `[data-testid="timesheets-school-row"][data-client-id="${target.clientId}"] [data-testid="timesheets-school-week"][data-week-of="${target.weekOf}"]`,
    );
    await expectVisible(chip);
    await act(() => chip.click());
    await expect.poll(() => new URL(page.url()).search).toBe(`?school=${target.clientId}&week=${target.weekOf}`);
    const item = page.getByTestId(viewport === 'desktop' ? 'timesheet-row' : 'timesheet-card');
    await expect
      .poll(async () => (await item.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-booking-id')))).sort())
      .toEqual(week.map((r) => String(r.bookingId)).sort());
    await expectVisible(page.getByTestId('timesheet-filter-week'));
    expect(await page.getByTestId('timesheet-filter-week').inputValue()).toBe(target.weekOf);
    expect(await page.getByTestId('timesheet-filter-school').inputValue()).toBe(String(target.clientId));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'fewer-steps-timesheets-filtered');

    await act(() => page.getByRole('button', { name: `Approve all ${target.count} shown` }).click());
    const dialog = page.getByRole('dialog', { name: `Approve ${target.count} timesheets?` });
    await expectVisible(dialog);
    await expectVisible(page.getByTestId('timesheet-selection-count').filter({ hasText: `${target.count} selected` }));
    await expectVisible(dialog.getByTestId('approve-total'));
    expect(await dialog.getByTestId('approve-total').textContent()).toMatch(/^To bill in all: /);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'fewer-steps-timesheets-confirm');

    await act(() => dialog.getByRole('button', { name: `Approve ${target.count}`, exact: true }).click());
    await expectVisible(page.getByText(new RegExp(`^${target.count} timesheets approved\\.`)));
    await expectVisible(page.getByTestId('timesheets-empty'));
    await screenshot(page, 'fewer-steps-timesheets-done');

    console.log(`timesheets week approve: ${interactions} interactions (${viewport})`);
    expect(interactions).toBeLessThanOrEqual(TARGET);

    // Exactly that school's week was decided: nothing else left the pending list.
    const weekIds = new Set(week.map((r) => r.bookingId));
    const after = await allPending(token, ids);
    expect(after.map((r) => r.bookingId).sort((a, b) => a - b)).toEqual(
      before
        .filter((r) => !weekIds.has(r.bookingId))
        .map((r) => r.bookingId)
        .sort((a, b) => a - b),
    );
    const approved = await apiGet<Timesheet[]>(token, `timesheets/list?clientIds=${target.clientId}&status=approved_for_invoice&take=200`);
    const approvedIds = new Set(approved.map((r) => r.bookingId));
    const noCharge = week.filter((r) => r.candidateBookingModifications?.didNotHappen);
    expect(await approvedTotal(token, ids)).toBe(approvedBefore + week.length - noCharge.length);
    for (const timesheet of week) {
      if (timesheet.candidateBookingModifications?.didNotHappen) {
        const detail = await apiGet<{ booking: { status: string } }>(token, `bookings/${timesheet.bookingId}`);
        expect(detail.booking.status).toBe('cancelled');
      } else expect(approvedIds.has(timesheet.bookingId), `booking ${timesheet.bookingId} approved`).toBe(true);
    }
    expectNoPageErrors(page);
  }

  it(
    'from "By school": the week, Approve all shown, confirm (desktop)',
    async () => {
      const page = await browser.newPage('desktop');
      page.setDefaultTimeout(30_000);
      await journey(page, 'desktop');
    },
    JOURNEY_MS,
  );

  it(
    'the same on a phone (mobile)',
    async () => {
      const page = await browser.newPage('mobile');
      page.setDefaultTimeout(30_000);
      await journey(page, 'mobile');
    },
    JOURNEY_MS,
  );
});
