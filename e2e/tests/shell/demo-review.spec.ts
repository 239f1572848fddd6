import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor, localIsoDate } from '../../support/api';
import { expectHeading, homeAfterClientOverview, navigateInApp, pathOf, signIn } from '../../support/auth';
import {
  expectNoPageErrors,
  expectNoSeriousA11yViolations,
  expectVisible,
  screenshot,
  useBrowser,
  type ViewportName,
} from '../../support/browser';
import { baseUrl } from '../../support/world';
import { journeyWidths } from '../../support/widths';

/**
 * What a new school user found trying the demo (review items 7–12): narrow accounts (teacher, pending booker),
 * a dashboard whose counts open their lists, the phone layout, times by locale and keyboard use. Every journey
 * signs in and reads; none changes an account.
 */

interface Link {
  clientId: number;
  locations: Array<{ locationId: number; tags: string[] }>;
}
interface Profile {
  contact: { id: number };
  links: { groups: Array<{ clients: Link[] }>; clients: Link[] };
}
interface ReplaceMeStatus {
  requests: Array<{ selectedDay: string; status: string }>;
}
interface PendingRequest {
  id: number;
  days: number;
  createdBy: { id: number | null };
}

const VIEWPORTS: ViewportName[] = ['desktop', 'mobile'];
const clientsOf = (profile: Profile) => [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients];

/** The navigation's links (opening the phone's drawer first). */
async function navLinks(page: Page, viewport: ViewportName): Promise<string[]> {
  if (viewport === 'mobile') await page.getByRole('button', { name: /open navigation/i }).click();
  const nav = page.getByRole('navigation', { name: /navigation/i });
  await expectVisible(nav.getByRole('link').first());
  const names = await nav.getByRole('link').allTextContents();
  return names.map((n) => n.trim());
}

async function closeDrawer(page: Page, viewport: ViewportName): Promise<void> {
  if (viewport === 'mobile') await page.keyboard.press('Escape');
}

async function total(token: string, query: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/v1/bookings?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-version': '1' },
  });
  expect(response.status).toBe(200);
  return (JSON.parse(response.headers.get('x-pagination') ?? '{}') as { total: number }).total;
}

describe('a teacher (replace-me only)', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths(VIEWPORTS)) {
    it(`is offered what they can use: no Bookings, Home with replace-me and days away (${viewport})`, async () => {
      const token = await apiTokenFor('teacher@demo.test');
      const profile = await apiGet<Profile>(token, 'profile');
      const client = clientsOf(profile).find((c) => c.locations.some((l) => l.tags.includes('replace_me_feature_enabled')))!;
      const status = await apiGet<ReplaceMeStatus>(token, `bookings/replace-me-status?clientId=${client.clientId}`);

      const page = await browser.newPage(viewport);
      await signIn(page, 'teacher@demo.test');
      await expectHeading(page, 'Home');
      const links = await navLinks(page, viewport);
      expect(links).not.toContain('Bookings');
      expect(links).toContain('My availability');
      await closeDrawer(page, viewport);

      // Home: the replace-me card and the days away, no layout switch over an empty page.
      await expectVisible(page.getByTestId('replace-me-card'));
      await expectVisible(page.getByRole('heading', { name: 'Your availability' }));
      expect(await page.getByRole('group', { name: 'Dashboard layout' }).count()).toBe(0);
      // The card offers the school days a replacement may be asked for (today and the next one; on a weekend only the
      // next Monday): each can be asked for, or says it has been (the replace-me journey may have taken the only day).
      const ask = page.getByTestId('replace-me-card').getByRole('group', { name: /^Ask for a replacement/ });
      await expect.poll(() => ask.getByRole('button').count()).toBeGreaterThan(0);
      const days = await ask
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons.map((b) => ({ name: b.getAttribute('aria-label') ?? b.textContent ?? '', disabled: (b as HTMLButtonElement).disabled })),
        );
      for (const day of days) expect(day.disabled ? /: requested$/.test(day.name) : true, JSON.stringify(day)).toBe(true);
      // Being replaced (a request from today on): never 'Present and accounted for!'.
      if (status.requests.length > 0) expect(await page.getByText('Present and accounted for!').count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'review-teacher-home');

      // The bookings list by its address: a plain note, not 'Cannot load bookings'.
      await navigateInApp(page, '/bookings');
      await expectHeading(page, 'Bookings');
      await expectVisible(page.getByTestId('bookings-no-access'));
      expect(await page.getByText('Cannot load bookings').count()).toBe(0);

      await navigateInApp(page, '/availability');
      await expectHeading(page, 'My availability');
      await expectVisible(page.getByRole('heading', { name: 'Your days away' }));
      if (status.requests.length > 0) expect(await page.getByText('Present and accounted for!').count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      expectNoPageErrors(page);
    });
  }
});

describe('a pending booker (asks for bookings, may not approve)', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths(VIEWPORTS)) {
    it(`counts their own requests, marks one menu entry, and a one-day request is not 'Consecutive' (${viewport})`, async () => {
      const token = await apiTokenFor('pending.booker@demo.test');
      const profile = await apiGet<Profile>(token, 'profile');
      const ids = clientsOf(profile)
        .map((c) => `clientIds=${c.clientId}`)
        .join('&');
      const requests = await apiGet<PendingRequest[]>(token, `pending-bookings?${ids}&skip=0&take=200`);
      const own = requests.filter((r) => r.createdBy.id === profile.contact.id).length;

      const page = await browser.newPage(viewport);
      await signIn(page, 'pending.booker@demo.test');
      await expectHeading(page, 'Home');
      await expectVisible(page.getByText('Your requests awaiting approval'));
      expect(await page.getByText('Awaiting your approval').count()).toBe(0);
      await expect.poll(async () => (await page.getByTestId('tile-pendingApproval').textContent())?.trim()).toBe(String(own));

      await navigateInApp(page, '/bookings/pending-approval');
      await expectHeading(page, 'Bookings pending approval');
      if (viewport === 'mobile') await page.getByRole('button', { name: /open navigation/i }).click();
      const nav = page.getByRole('navigation', { name: /navigation/i });
      await expectVisible(nav.getByRole('link').first());
      expect(await nav.locator('.Mui-selected').count()).toBe(1);
      expect((await nav.locator('.Mui-selected').textContent())?.trim()).toBe('Pending approval');
      await closeDrawer(page, viewport);

      const oneDay = requests.find((r) => r.days === 1);
      if (oneDay) {
        const row = page.locator(`[data-request-id="${oneDay.id}"]`);
        await expectVisible(row);
        expect(await row.textContent()).not.toMatch(/Consecutive/);
      }
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'review-pending-booker');
      expectNoPageErrors(page);
    });
  }
});

describe('a dashboard that leads somewhere', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths(VIEWPORTS)) {
    it(`tiles, calendar days and group-overview rows open the filtered bookings list (${viewport})`, async () => {
      const token = await apiTokenFor('group.admin@demo.test');
      const profile = await apiGet<Profile>(token, 'profile');
      const clientIds = clientsOf(profile).map((c) => c.clientId);
      const today = localIsoDate();

      const page = await browser.newPage(viewport);
      await signIn(page, 'group.admin@demo.test', '/');
      await homeAfterClientOverview(page);
      await expectVisible(page.getByText('Unfilled, next 4 weeks'));
      // Several schools selected: the yearly chart says what it counts.
      await expectVisible(page.getByTestId('year-scope'));

      const stillToFill = page.getByRole('link', { name: /Still to fill today/ });
      const href = (await stillToFill.getAttribute('href'))!;
      const url = new URL(href, 'http://x');
      expect(url.pathname).toBe('/bookings');
      expect(url.searchParams.getAll('status')).toEqual(['unfilled']);
      expect(url.searchParams.get('from')).toBe(today);
      expect(url.searchParams.get('to')).toBe(today);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'review-dashboard');

      await stillToFill.click();
      await expectHeading(page, 'Bookings');
      expect(pathOf(page)).toBe('/bookings');
      const expected = await total(
        token,
        `${clientIds.map((id) => `clientIds=${id}`).join('&')}&dateFromLocal=${today}&dateToLocal=${today}&status=unfilled&take=1`,
      );
      await expect
        .poll(async () => (await page.getByTestId('bookings-total').textContent())?.replace(/,/g, ''))
        .toMatch(new RegExp(`^${expected}\\b`));

      // A calendar day with bookings opens that day's list.
      await navigateInApp(page, '/');
      const day = page.getByRole('link', { name: /bookings?\. Open the list$/ }).first();
      await expectVisible(day);
      const dayHref = new URL((await day.getAttribute('href'))!, 'http://x');
      expect(dayHref.searchParams.get('from')).toBe(dayHref.searchParams.get('to'));

      // A group-overview row opens its location's bookings on the day shown, and the fill rate stays in view.
      await navigateInApp(page, '/group-overview');
      await expectHeading(page, 'Group overview');
      const row = page.locator('tbody tr').first();
      await expectVisible(row);
      const locationId = await row.getAttribute('data-location-id');
      const rate = page.getByTestId(`fill-rate-${locationId}`);
      const box = await rate.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport === 'mobile' ? 375 : 1366);
      await row.getByRole('link').click();
      await expectHeading(page, 'Bookings');
      expect(new URL(page.url()).searchParams.get('location')).toBe(locationId);
      await expectNoSeriousA11yViolations(page);
      expectNoPageErrors(page);
    });
  }
});

describe('the phone (375 px)', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  it('keeps the app name on one line, shows who is covered, and the list above the fold', async () => {
    const token = await apiTokenFor('group.admin@demo.test');
    const page = await browser.newPage('mobile');
    await signIn(page, 'group.admin@demo.test', '/bookings?from=');
    await expectHeading(page, 'Bookings');
    const name = page.locator('header').getByText('Chalkline Relief Portal');
    const lines = await name.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
    expect(lines).toBe(1);
    // The feedback panel folds to a line: the list's heading is on the first screen.
    const heading = await page.getByRole('heading', { name: 'Your bookings' }).boundingBox();
    expect(heading!.y + heading!.height).toBeLessThanOrEqual(812);
    // A card says who is covered when the booking covers someone.
    await expectVisible(page.getByTestId('booking-card').first());
    const profile = await apiGet<Profile>(token, 'profile');
    const ids = clientsOf(profile)
      .map((c) => `clientIds=${c.clientId}`)
      .join('&');
    const first = await apiGet<Array<{ covering: { name: string | null } | null }>>(token, `bookings?${ids}&sort=date&skip=0&take=25`);
    if (first.some((b) => b.covering?.name)) await expectVisible(page.getByTestId('booking-card-covering').first());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'review-phone-bookings');
    expectNoPageErrors(page);
  });
});

describe('times by locale', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  for (const [account, pattern, viewport] of [
    ['us.admin@demo.test', /^\d{1,2}:\d{2} (AM|PM)–\d{1,2}:\d{2} (AM|PM)$/, 'desktop'],
    ['uk.admin@demo.test', /^\d{2}:\d{2}–\d{2}:\d{2}$/, 'mobile'],
  ] as const) {
    it(`${account}: list and detail write times the same way (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await signIn(page, account, '/bookings');
      await expectHeading(page, 'Bookings');
      const item = viewport === 'mobile' ? page.getByTestId('booking-card').first() : page.locator('tbody tr').first();
      await expectVisible(item);
      // innerText keeps the cells apart ('… 2026\t8:00 AM'); textContent would run the year into the time ('20268:00').
      const listTimes = (await item.innerText()).match(/\d{1,2}:\d{2}( [AP]M)?–\d{1,2}:\d{2}( [AP]M)?/)![0];
      expect(listTimes).toMatch(pattern);
      await item.getByRole('link').first().click();
      await expect.poll(() => pathOf(page)).toMatch(/^\/bookings\/\d+$/);
      await expectVisible(page.getByText(listTimes).first());
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `review-times-${account.split('.')[0]}`);
      expectNoPageErrors(page);
    });
  }
});

describe('keyboard', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  it('moves focus to the new page heading, skips to results, names map markers, rings the sign-in button', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill('school.admin@demo.test');
    await page.getByLabel(/^password/i).fill('Portal#2026demo');
    const signIn = page.getByRole('button', { name: /sign in/i });
    await page.getByLabel(/^password/i).focus();
    for (let i = 0; i < 6 && !(await signIn.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    const ring = await signIn.evaluate((el) => ({ style: getComputedStyle(el).outlineStyle, radius: getComputedStyle(el).borderRadius }));
    expect(ring.style).toBe('solid');
    expect(ring.radius).toBe('999px');
    await screenshot(page, 'review-sign-in-focus');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');

    await expectHeading(page, 'Home');
    await page
      .getByRole('navigation', { name: /navigation/i })
      .getByRole('link', { name: 'Bookings' })
      .click();
    await expectHeading(page, 'Bookings');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    const skip = page.getByRole('link', { name: 'Skip to results' });
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('bookings-results');

    await page
      .getByRole('navigation', { name: /navigation/i })
      .getByRole('link', { name: 'Home' })
      .click();
    await expectHeading(page, 'Home');
    await page.getByRole('button', { name: 'Map' }).click();
    const marker = page.locator('.portal-map-marker').first();
    await expectVisible(marker);
    expect(await marker.getAttribute('role')).toBe('button');
    expect((await marker.getAttribute('aria-label'))?.length ?? 0).toBeGreaterThan(3);
    expect(await marker.getAttribute('tabindex')).toBe('0');
    await expectNoSeriousA11yViolations(page);
    expectNoPageErrors(page);
  });
});

describe('an approver', { timeout: 180_000 }, () => {
  const browser = useBrowser();

  it('Home counts the requests awaiting approval that the page it opens lists', async () => {
    const page = await browser.newPage('desktop');
    await signIn(page, 'school.admin@demo.test');
    await expectHeading(page, 'Home');
    await expectVisible(page.getByText('Requests awaiting your approval'));
    const tile = page.getByTestId('tile-pendingApproval');
    await expect.poll(async () => /^\d+$/.test((await tile.textContent())?.trim() ?? '')).toBe(true);
    const counted = Number((await tile.textContent())?.trim());
    await tile.click();
    await page.waitForURL((url) => url.pathname === '/bookings/pending-approval');
    await expectHeading(page, 'Bookings pending approval');
    await expectVisible(page.getByTestId('pending-total').filter({ hasText: new RegExp(`^${counted} requests?$`) }));
    expectNoPageErrors(page);
  });
});
