import { describe, expect, it } from 'vitest';
import { homeAfterClientOverview, navigateInApp, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/** Every route of spec §2 is declared and loads its own lazy chunk; unbuilt pages say what will be there. */
const SIGNED_IN_ROUTES: Array<[path: string, heading: string]> = [
  ['/', 'Home'],
  ['/availability', 'My availability'],
  ['/overview', 'Overview'],
  ['/group-overview', 'Group overview'],
  ['/timesheets', 'Timesheets'],
  ['/candidates', 'Educators'],
  ['/help', 'Help'],
  ['/bookings', 'Bookings'],
  ['/bookings/create', 'Create Booking'],
  ['/bookings/pending-approval', 'Bookings pending approval'],
  ['/settings', 'Settings'],
  ['/settings/change-password', 'Change password'],
  ['/finance', 'Finance'],
  ['/finance/invoices/INV-1001', 'View Invoice'],
];

const PUBLIC_ROUTES: Array<[path: string, heading: string]> = [
  ['/login', 'Sign in'],
  ['/forgot-password', 'Reset your password'],
  ['/under-construction', 'Under construction'],
  ['/en-au/landing', 'Welcome to Chalkline Relief Portal'],
  ['/404', 'Our dog ate this page...'],
  ['/500', 'Uh oh!'],
  ['/401', 'Hall pass required'],
  ['/403', "This page isn't part of your access"],
  ['/error', 'Uh oh!'],
  ['/account-load-failed', 'Roll call failed'],
  ['/no-server-response', 'No answer from the staff room'],
  ['/action-locked', 'Action locked'],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('routes', () => {
  const browser = useBrowser();

  it('load every public page, titled "page | app name"', async () => {
    const page = await browser.newPage('desktop');
    for (const [path, heading] of PUBLIC_ROUTES) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
      expect(await page.title(), path).toMatch(/^\S.* \| \S/);
    }
    expectNoPageErrors(page);
  });

  it('load every signed-in page for a user allowed everywhere', async () => {
    const page = await browser.newPage('desktop');
    await signIn(page, 'group.admin@demo.test');
    await homeAfterClientOverview(page);
    for (const [path, heading] of SIGNED_IN_ROUTES) {
      await navigateInApp(page, path);
      await expectVisible(page.getByRole('heading', { level: 1, name: heading, exact: true }));
      expect(new URL(page.url()).pathname).toBe(path);
      // The title follows the render by an effect: wait for it rather than read it once.
      await page.waitForFunction((start) => document.title.startsWith(start), `${heading} | `);
      expect(await page.title(), path).toMatch(new RegExp(`^${escape(heading)} \\| \\S`));
    }
    // Home is the dashboard of the selected schools (all six of this account's): tiles and the calendar.
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { name: 'Bookings calendar' }));
    await expectVisible(page.getByText('Bookings today'));
    await screenshot(page, 'home-group');
    expectNoPageErrors(page);
  });

  it('send a visitor without a session from a signed-in page to the landing page', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/timesheets');
    await page.waitForURL((url) => /^\/[a-z-]+\/landing$/.test(url.pathname));
    await expectVisible(page.getByRole('link', { name: 'Sign in' }));
  });

  for (const viewport of journeyWidths()) {
    it(`the signed-in shell is accessible (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await signIn(page, 'school.admin@demo.test', '/timesheets');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Timesheets' }));
      await expectVisible(page.getByRole('banner'));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'placeholder-timesheets');
    });
  }
});
