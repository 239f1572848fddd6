import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { expectHeading, signIn } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  useBrowser,
  type ViewportName,
} from '../../support/browser';
import { baseUrl } from '../../support/world';

/**
 * My availability (spec §2 myAvailability) as teacher@demo.test (replaceMe_all at Harbourside Primary, a location
 * tagged replace_me_feature_enabled). No other file changes this account's password. This file owns the
 * teacher's days away: it clears them before and after.
 */
const ACCOUNT = 'teacher@demo.test';

interface ReplaceMe {
  offered: boolean;
  selectedDay: 'today' | 'tomorrow' | null;
  isNextMonday: boolean;
  request: { id: number; status: string } | null;
}
interface DayAway {
  id: number;
  dateLocal: string;
  reason: string;
  replaceMe: ReplaceMe;
}
interface DaysAway {
  today: string;
  daysAway: DayAway[];
}
interface Profile {
  links: {
    groups: Array<{ clients: Array<{ locations: Array<{ locationId: number; locationName: string; tags: string[] }> }> }>;
    clients: Array<{ locations: Array<{ locationId: number; locationName: string; tags: string[] }> }>;
  };
}

const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-version': '1' });
const jsonHeaders = (token: string) => ({ ...headers(token), 'content-type': 'application/json' });
const api = (path: string) => `${baseUrl()}/v1/${path}`;

async function listDays(token: string): Promise<DaysAway> {
  return apiGet<DaysAway>(token, 'me/days-away?dateToLocal=2999-12-31');
}

async function clearDays(token: string): Promise<void> {
  for (const day of (await listDays(token)).daysAway) {
    const response = await fetch(api(`me/days-away/${day.id}`), { method: 'DELETE', headers: headers(token) });
    expect(response.status).toBe(204);
  }
}

async function addDay(token: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(api('me/days-away'), { method: 'POST', headers: jsonHeaders(token), body: JSON.stringify(body) });
  expect(response.status, JSON.stringify(body)).toBe(201);
}

function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A later day that is neither today nor the next school day: no replace-me offer. */
const LATER_DAYS = 20;

const dayItem = (page: Page, dateLocal: string): Locator => page.locator(`[data-testid="day-away"][data-date="${dateLocal}"]`);

async function openAvailability(page: Page): Promise<void> {
  await signIn(page, ACCOUNT, '/availability');
  await expectHeading(page, 'My availability');
  await expect.poll(() => page.title()).toMatch(/^My availability \| /);
}

/**
 * The demo world gives the teacher replace-me requests for the next school day on or after the seeding day and
 * the one after it. So on a weekday today already carries the seeded request, and the page shows its status instead
 * of an offer; on a weekend today has no request and is not offered either (replace-me is for school days, spec §5).
 */
async function expectReplaceMeForToday(page: Page, token: string, today: string): Promise<void> {
  const day = (await listDays(token)).daysAway.find((d) => d.dateLocal === today);
  expect(day, 'the day away added for today').toBeDefined();
  const item = dayItem(page, today);
  if ([0, 6].includes(new Date(`${today}T00:00:00Z`).getUTCDay())) {
    expect(day!.replaceMe).toMatchObject({ offered: false, selectedDay: null });
    expect(await item.getByRole('button', { name: /^Request a replacement/ }).count()).toBe(0);
    return;
  }
  if (day!.replaceMe.request) {
    await expectVisible(item.getByTestId('replace-me-status'));
    expect(await item.getByRole('button', { name: /^Request a replacement/ }).count()).toBe(0);
    return;
  }
  expect(day!.replaceMe).toMatchObject({ offered: true, selectedDay: 'today' });
  await expectVisible(item.getByTestId('replace-me-offer'));
  const offer = item.getByRole('button', { name: 'Request a replacement for Today' });
  await expectVisible(offer);
  // The request itself is sent from here (the create-booking journey sends one from the replace-me card).
  expect(await offer.isDisabled()).toBe(false);
}

describe('my availability', () => {
  const browser = useBrowser();
  let token: string;
  let today: string;
  let location: { locationId: number; locationName: string };

  beforeAll(async () => {
    token = await apiTokenFor(ACCOUNT);
    const profile = await apiGet<Profile>(token, 'profile');
    const locations = [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients].flatMap((c) => c.locations);
    location = locations.find((l) => l.tags.includes('replace_me_feature_enabled'))!;
    expect(location, 'the teacher’s replace-me location').toBeDefined();
    await clearDays(token);
    today = (await listDays(token)).today;
  });

  afterAll(async () => {
    if (token) await clearDays(token);
  });

  it('adds a day away today with the replace-me offer, a later one without, removes it, and refuses the past (desktop)', async () => {
    const page = await browser.newPage('desktop');
    await openAvailability(page);

    // Nothing on the roll yet.
    await expectVisible(page.getByTestId('days-away-empty'));
    // 'Present and accounted for!' only while no replacement is on its way: the demo seeds the teacher
    // a replace-me request, so the roll may say it is empty without calling the teacher present.
    await expectVisible(page.getByTestId('days-away-empty').getByText(/^(Present and accounted for!|No days away on the roll)$/));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'availability-empty');

    const date = page.getByLabel(/^Date/);
    const reason = page.getByLabel(/^Reason/);
    const school = page.getByLabel(/^School/);
    const note = page.getByLabel(/^Note for the school/);
    const add = page.getByRole('button', { name: 'Add day away' });
    expect(await date.getAttribute('min')).toBe(today);

    // Today, at the teacher's school: the replace-me offer.
    await date.fill(today);
    await reason.selectOption({ label: 'Sick leave cover' });
    await school.selectOption({ label: location.locationName });
    await note.fill('Lesson plans are in the top drawer of my desk.');
    await add.click();
    await expectVisible(dayItem(page, today));
    await expectVisible(dayItem(page, today).getByText('Sick leave cover'));
    await expectVisible(dayItem(page, today).getByText(location.locationName));
    await expectVisible(dayItem(page, today).getByText('Lesson plans are in the top drawer of my desk.'));
    expect(await date.inputValue()).toBe('');
    await expectReplaceMeForToday(page, token, today);

    // A later day: listed, no offer.
    const later = plusDays(today, LATER_DAYS);
    await date.fill(later);
    await reason.selectOption({ label: 'Professional development' });
    await school.selectOption({ label: location.locationName });
    await add.click();
    await expectVisible(dayItem(page, later));
    await expectVisible(dayItem(page, later).getByText('Professional development'));
    await expectVisible(page.getByRole('status').filter({ hasText: /^Day away added for / }));
    expect(await dayItem(page, later).getByTestId('replace-me-offer').count()).toBe(0);
    expect(await dayItem(page, later).getByTestId('replace-me-status').count()).toBe(0);
    expect(await page.getByTestId('day-away').count()).toBe(2);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'availability');

    // Removing asks first; Cancel keeps the day.
    await dayItem(page, later)
      .getByRole('button', { name: /^Remove the day away on / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Remove this day away?' });
    await expectVisible(dialog);
    await expectVisible(dialog.getByText(/Professional development/));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'availability-remove');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await dayItem(page, later).count()).toBe(1);
    await dayItem(page, later)
      .getByRole('button', { name: /^Remove the day away on / })
      .click();
    await dialog.getByRole('button', { name: 'Remove day away' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await dayItem(page, later).waitFor({ state: 'detached' });
    expect((await listDays(token)).daysAway.map((d) => d.dateLocal)).toEqual([today]);
    await expectVisible(page.getByRole('status').filter({ hasText: /^Day away removed for / }));

    // The past is refused with the spec's message (the form checks it; min= does not block a typed date).
    await date.fill(plusDays(today, -1));
    await reason.selectOption({ label: 'Other' });
    await add.click();
    await expectVisible(page.getByText('Date cannot be in the past'));
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('day-away').count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'availability-past-date');
    expectNoPageErrors(page);
  });

  for (const viewport of ['mobile'] as ViewportName[]) {
    it(`lists days away with the offer and removes one at 375 px (${viewport})`, async () => {
      await clearDays(token);
      await addDay(token, {
        dateLocal: today,
        reason: 'sick leave cover',
        locationId: location.locationId,
        note: 'Flu. Year 4 are on fractions.',
      });
      const later = plusDays(today, LATER_DAYS);
      await addDay(token, { dateLocal: later, reason: 'annual leave cover', locationId: location.locationId });
      await addDay(token, { dateLocal: plusDays(today, LATER_DAYS + 7), reason: 'other' });

      const page = await browser.newPage(viewport);
      await openAvailability(page);
      await expectVisible(dayItem(page, today));
      await expectReplaceMeForToday(page, token, today);
      expect(await page.getByTestId('day-away').count()).toBe(3);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'availability');

      await dayItem(page, later)
        .getByRole('button', { name: /^Remove the day away on / })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Remove this day away?' });
      await expectVisible(dialog);
      await screenshot(page, 'availability-remove');
      await dialog.getByRole('button', { name: 'Remove day away' }).click();
      await dayItem(page, later).waitFor({ state: 'detached' });
      expect(await page.getByTestId('day-away').count()).toBe(2);

      // The form's messages at this width.
      await page.getByRole('button', { name: 'Add day away' }).click();
      await expectVisible(page.getByText('This field is required').first());
      expect(await page.getByText('This field is required').count()).toBe(2);
      await expectNoSeriousA11yViolations(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'availability-form-errors');
      expectNoPageErrors(page);
    });
  }
});
