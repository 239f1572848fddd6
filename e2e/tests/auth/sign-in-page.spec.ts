import { describe, expect, it } from 'vitest';
import { signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

const REQUIRED = 'This field is required';
/** What the server says (code auth/invalid-credential) when it does not reveal whether an account exists. */
const INVALID_CREDENTIAL = "Sorry, that e-mail address and password don't match an account.";
const DEMO_PASSWORD = 'Portal#2026demo';

describe('sign-in page', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`shows a labelled form and says which fields are required (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/login');

      await expectVisible(page.getByRole('heading', { level: 1, name: 'Sign in' }));
      await expectVisible(page.getByRole('main'));
      await expectVisible(page.getByRole('textbox', { name: 'Email' }));
      await expectVisible(page.getByLabel(/^Password/));
      await expectVisible(page.getByRole('link', { name: 'Forgot password?' }));
      expect(await page.title()).toMatch(/^Sign in \| \S.*Portal$/);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'sign-in');

      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectVisible(page.getByText(REQUIRED).first());
      expect(await page.getByText(REQUIRED).count()).toBe(2);
      expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'sign-in-required');
      expectNoPageErrors(page);
    });
  }

  it('asks for a valid e-mail address', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByLabel(/^Password/).fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByText('This field must be a valid email'));
  });

  it('can be used with the keyboard alone, and shows why a sign-in was refused', async () => {
    const page = await browser.newPage('mobile');
    await page.goto('/login');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Sign in' }));

    // The cursor starts in Email: no Tab needed to begin typing.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('username');
    await page.keyboard.type('nobody@demo.test');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');

    const alert = page.getByRole('alert');
    await expectVisible(alert);
    expect((await alert.innerText()).trim()).toBe(INVALID_CREDENTIAL);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'sign-in-refused');
  });

  it('signs a demo contact with one school in and goes home', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('school.admin@demo.test');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Home' }));
    expect(new URL(page.url()).pathname).toBe('/');
    expectNoPageErrors(page);
  });

  it('signs a demo contact with several schools in and goes to the client overview (spec §2)', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('group.admin@demo.test');
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Overview' }));
    expect(new URL(page.url()).pathname).toBe('/overview');
    // Already signed in: the sign-in page sends the user home.
    await page.goto('/login');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Home' }));
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('sends a contact with several schools entering home on a return visit to the client overview too (spec §2)', async () => {
    const page = await browser.newPage('desktop');
    // The refresh cookie of an earlier sign-in, no schools chosen in this browser: the route guard decides, not the form.
    await signIn(page, 'group.admin@demo.test', '/');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Overview' }));
    expect(new URL(page.url()).pathname).toBe('/overview');
    // The overview leaves a selection: home opens as asked from then on, also after a reload.
    await page.goto('/');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Home' }));
    expect(new URL(page.url()).pathname).toBe('/');
    // Another page asked for directly opens as asked.
    const other = await browser.newPage('desktop');
    await signIn(other, 'group.admin@demo.test', '/candidates');
    await expectVisible(other.getByRole('heading', { level: 1, name: 'Educators' }));
    expect(new URL(other.url()).pathname).toBe('/candidates');
  });

  it('links to the password reset page', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Reset your password' }));
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'forgot-password');
  });

  it('is one click from the landing page, where home sends you without a session', async () => {
    const page = await browser.newPage('desktop');
    await page.goto('/');
    await page.waitForURL((url) => /^\/[a-z-]+\/landing$/.test(url.pathname));
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Sign in' }));
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('not-found page', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`answers an unknown path (${viewport})`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto('/no/such/page');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Our dog ate this page...' }));
      await expectVisible(page.getByText('The page you were looking for does not exist'));
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'not-found');

      // Home without a session is the landing page.
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/landing'));
      await expectVisible(page.getByRole('link', { name: 'Sign in' }));
      expectNoPageErrors(page);
    });
  }
});

describe('start-up', () => {
  const browser = useBrowser();

  it('stops with a visible error naming the configuration resource when it is missing', async () => {
    const page = await browser.newPage('desktop');
    await page.route('**/config.runtime.json', (route) => route.fulfill({ status: 404, body: 'Not Found' }));
    await page.goto('/login');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'The portal could not start' }));
    await expectVisible(page.getByText('/config.runtime.json could not be loaded (HTTP 404)', { exact: false }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'config-missing');
  });
});
