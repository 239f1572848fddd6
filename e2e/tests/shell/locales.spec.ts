import { describe, expect, it } from 'vitest';
import { expectHeading, navigateInApp, signInWithForm } from '../../support/auth';
import { expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';

/**
 * Spec §1 regional variants, one demo account per locale (each account's profile language sets the locale):
 * product name, tax label, today's date and an amount in the locale's currency, as settings shows them. These
 * accounts are only signed in with, never changed (see e2e/README.md).
 */
const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
const dayFirst = `${now.getDate()}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`;
const monthFirst = `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`;

const LOCALES = [
  {
    email: 'group.admin@demo.test',
    locale: 'en-AU',
    appName: 'Chalkline Relief Portal',
    tax: 'GST',
    date: `Day, month, year (today: ${dayFirst})`,
    money: 'AUD ($1,234.50)',
    weekStart: 'Mon',
  },
  {
    email: 'uk.admin@demo.test',
    locale: 'en-GB',
    appName: 'Chalkline Supply Portal',
    tax: 'VAT',
    date: `Day, month, year (today: ${dayFirst})`,
    money: 'GBP (£1,234.50)',
    weekStart: 'Mon',
  },
  {
    email: 'us.admin@demo.test',
    locale: 'en-US',
    appName: 'Chalkline Substitute Portal',
    tax: 'Tax',
    date: `Month, day, year (today: ${monthFirst})`,
    money: 'USD ($1,234.50)',
    weekStart: 'Sun',
  },
  {
    email: 'ca.admin@demo.test',
    locale: 'en-CA',
    appName: 'Chalkline Supply Portal',
    tax: 'Tax',
    date: `Month, day, year (today: ${monthFirst})`,
    money: 'CAD ($1,234.50)',
    weekStart: 'Mon',
  },
  {
    email: 'school.admin@demo.test',
    locale: 'en-NZ',
    appName: 'Chalkline Relief Portal',
    tax: 'GST',
    date: `Day, month, year (today: ${dayFirst})`,
    money: 'NZD ($1,234.50)',
    weekStart: 'Mon',
  },
];

describe('regional variants', () => {
  const browser = useBrowser();

  for (const account of LOCALES) {
    it(`${account.locale} (${account.email}): product name, ${account.tax}, date and currency`, async () => {
      const page = await browser.newPage('desktop');
      await signInWithForm(page, account.email);
      await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/overview');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(account.locale);
      await expectVisible(page.getByRole('banner').getByText(account.appName, { exact: true }));
      expect(await page.title()).toMatch(new RegExp(` \\| ${account.appName}$`));

      await navigateInApp(page, '/settings');
      await expectHeading(page, 'Settings');
      expect(await page.getByTestId('tax-label').textContent()).toBe(account.tax);
      expect(await page.getByTestId('date-format').textContent()).toBe(account.date);
      expect(await page.getByTestId('currency').textContent()).toBe(account.money);
      expect(await page.getByTestId('week-start').textContent()).toBe(account.weekStart);
      expect(await page.title()).toBe(`Settings | ${account.appName}`);
      if (account.locale === 'en-GB' || account.locale === 'en-AU') {
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `settings-${account.locale}`);
      }
    });
  }
});
