import { describe, expect, it } from 'vitest';
import { FORBIDDEN_TEXT, expectHeading, navigateInApp, signIn, signInWithForm } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/** The signed-in shell (spec §2): drawer, permission-filtered navigation, client selector, dark mode, user menu. */
const GROUP_ADMIN = 'group.admin@demo.test';

describe('signed-in shell', () => {
  const browser = useBrowser();

  it('desktop: permanent drawer with the pages the user may open, persisted open state, dark mode', async () => {
    const page = await browser.newPage('desktop');
    await signInWithForm(page, GROUP_ADMIN);
    await page.waitForURL((url) => url.pathname === '/overview');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Overview', 'Group overview', 'Bookings', 'Timesheets', 'Educators', 'Finance', 'Help']) {
      await expectVisible(nav.getByRole('link', { name, exact: true }));
    }
    await nav.getByRole('link', { name: 'Group overview' }).click();
    await page.waitForURL((url) => url.pathname === '/group-overview');
    await expectHeading(page, 'Group overview');

    // Drawer closed stays closed after a reload.
    await page.getByRole('button', { name: 'Close navigation' }).click();
    expect(await page.evaluate(() => localStorage.getItem('drawerOpen'))).toBe('false');
    await page.reload();
    await expectVisible(page.getByRole('button', { name: 'Open navigation' }));
    await page.getByRole('button', { name: 'Open navigation' }).click();
    expect(await page.evaluate(() => localStorage.getItem('drawerOpen'))).toBe('true');

    // Dark mode is remembered.
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await page.reload();
    await expectHeading(page, 'Group overview');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'shell-dark');
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

    // User menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expectVisible(page.getByRole('menuitem', { name: 'Settings' }));
    await expectVisible(page.getByRole('menuitem', { name: 'Log out' }));
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expectHeading(page, 'Settings');

    // The language chosen in settings is kept in the profile: a reload starts again from the page's default
    // locale and still ends in the chosen one. group.admin is shared, so its en-AU is put back at the end.
    const chooseLanguage = async (name: string) => {
      const saved = page.waitForResponse((r) => r.url().endsWith('/v1/profile/language') && r.request().method() === 'PUT');
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name }).click();
      expect((await saved).status()).toBe(204);
    };
    await chooseLanguage('English (United Kingdom)');
    await expect.poll(() => page.title()).toBe('Settings | Chalkline Supply Portal');
    await page.reload();
    await expectHeading(page, 'Settings');
    await expect.poll(() => page.title()).toBe('Settings | Chalkline Supply Portal');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    await expectVisible(page.getByRole('combobox', { name: 'Language' }).filter({ hasText: 'English (United Kingdom)' }));
    await chooseLanguage('English (Australia)');
    await expect.poll(() => page.title()).toBe('Settings | Chalkline Relief Portal');
    expectNoPageErrors(page);
  });

  it('client selector: one client, then Select All; the stored selection follows', async () => {
    const page = await browser.newPage('desktop');
    await signInWithForm(page, GROUP_ADMIN);
    await page.waitForURL((url) => url.pathname === '/overview');
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('portal.selectedClientIds') ?? '[]') as number[]);
    const all = await stored();
    expect(all.length).toBeGreaterThan(1);

    await page.getByRole('combobox', { name: 'Schools' }).click();
    const listbox = page.getByRole('listbox');
    // Everything is selected, so Select All (which would clear the selection) is disabled: one client must stay.
    expect(await listbox.getByRole('option', { name: 'Select All' }).getAttribute('aria-disabled')).toBe('true');
    const options = listbox.getByRole('option');
    // Deselect every client but the first (option 0 is Select All).
    const count = await options.count();
    for (let index = count - 1; index >= 2; index -= 1) await options.nth(index).click();
    await expect.poll(stored).toEqual([all[0]]);
    await screenshot(page, 'client-selector');
    await listbox.getByRole('option', { name: 'Select All' }).click();
    await expect.poll(stored).toEqual(all);
    await page.keyboard.press('Escape');
    expectNoPageErrors(page);
  });

  it('mobile: temporary drawer with the client selector, closes after navigating', async () => {
    const page = await browser.newPage('mobile');
    await signInWithForm(page, GROUP_ADMIN);
    await page.waitForURL((url) => url.pathname === '/overview');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expectVisible(nav.getByRole('combobox', { name: 'Schools' }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'drawer');
    await nav.getByRole('link', { name: 'Help', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/help');
    await expectHeading(page, 'Help');
    await expect.poll(() => nav.count()).toBe(0);
  });

  it('a user without the group flag or finance rights does not see those entries', async () => {
    const page = await browser.newPage('desktop');
    await signInWithForm(page, 'bookings.viewer@demo.test');
    await page.waitForURL((url) => url.pathname === '/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expectVisible(nav.getByRole('link', { name: 'Educators' }));
    expect(await nav.getByRole('link', { name: 'Group overview' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Finance' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Timesheets' }).count()).toBe(0);
  });

  for (const viewport of journeyWidths()) {
    it(`a view-only contact is offered nothing it cannot use, and refusals stay inside the shell (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await signIn(page, 'bookings.viewer@demo.test', '/bookings?status=unfilled');
      await expectHeading(page, 'Bookings');
      const item = page.getByTestId(viewport === 'mobile' ? 'booking-card' : 'booking-row');
      await expect.poll(() => item.count()).toBeGreaterThan(0);
      // No way into a form it cannot submit.
      expect(await page.getByRole('link', { name: 'Create booking', exact: true }).count()).toBe(0);

      // An open booking says why Extend and Cancel are not offered.
      await item.first().getByRole('link').first().click();
      await expectVisible(page.getByRole('heading', { level: 1, name: /^Booking on / }));
      await expectVisible(page.getByTestId('booking-view-only'));
      expect(await page.getByRole('button', { name: /^(Extend|Cancel)/ }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'booking-view-only');

      // The create route opens for booking view (spec §6), and says what the account can do.
      await navigateInApp(page, '/bookings/create');
      await expectVisible(page.getByTestId('create-not-allowed'));
      expect(await page.getByRole('button', { name: 'Create booking' }).count()).toBe(0);

      // A direct link to a page it may not open: the spec's forbidden text inside the shell, never "Staff only".
      for (const path of ['/timesheets', '/finance', '/bookings/pending-approval', '/finance/invoices/INV-1001']) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/403');
        await expectHeading(page, "This page isn't part of your access");
        await expectVisible(page.getByText(FORBIDDEN_TEXT));
        await expectVisible(page.getByRole('button', { name: 'Account menu' }));
        expect(await page.getByText('Staff only').count()).toBe(0);
      }
      if (viewport === 'desktop')
        await expectVisible(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Bookings' }));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'forbidden-in-shell');
      expectNoPageErrors(page);
    });
  }
});
