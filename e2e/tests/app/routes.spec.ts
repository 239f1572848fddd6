import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';

/** Every route of spec §2 is declared and loads its own lazy chunk; unbuilt pages say what will be there. */
const ROUTES: Array<[path: string, heading: string]> = [
  ['/availability', 'My availability'],
  ['/overview', 'Overview'],
  ['/group-overview', 'Group overview'],
  ['/timesheets', 'Timesheets'],
  ['/candidates', 'Educators'],
  ['/help', 'Help'],
  ['/bookings', 'Bookings'],
  ['/bookings/create', 'Create Booking'],
  ['/bookings/pending-approval', 'Bookings Pending Approval'],
  ['/settings', 'Settings'],
  ['/settings/change-password', 'Change password'],
  ['/finance', 'Finance'],
  ['/finance/invoices/INV-1001', 'View Invoice'],
  ['/under-construction', 'Under construction'],
  ['/en-au/landing', 'Welcome'],
  ['/404', 'Our dog ate this page...'],
  ['/500', 'Uh oh!'],
  ['/401', 'Hall pass required'],
  ['/403', 'Staff only'],
  ['/error', 'Uh oh!'],
  ['/account-load-failed', 'Roll call failed'],
  ['/no-server-response', 'No answer from the staff room'],
  ['/action-locked', 'Action locked'],
  ['/user/impersonate/123', 'Sign in as a contact'],
  ['/user/impersonate/logout', 'Stop impersonating'],
];

describe('routes', () => {
  const browser = useBrowser();

  it('load every declared page, titled "page | app name"', async () => {
    const page = await browser.newPage('desktop');
    for (const [path, heading] of ROUTES) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
      expect(await page.title(), path).toMatch(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| \\S`));
    }
    expectNoPageErrors(page);
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`the signed-in shell is accessible (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/timesheets');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Timesheets' }));
      await expectVisible(page.getByRole('banner'));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'placeholder-timesheets');
    });
  }

  it('the generic error page is accessible', async () => {
    const page = await browser.newPage('mobile');
    await page.goto('/500');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Uh oh!' }));
    await expectVisible(page.getByRole('link', { name: 'Back to Home' }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'error-500');
  });
});
