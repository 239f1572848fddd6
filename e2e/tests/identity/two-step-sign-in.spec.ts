import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { useWorld } from '../../support/world';
import { journeyWidths } from '../../support/widths';

// A passkey's relying party is a domain name, never an IP address: this file's server is reached as localhost.
useWorld({ hostName: 'localhost' });

/** The demo account with an authenticator app already set up (README → Demo accounts). */
const DEMO_TWO_STEP = { email: 'two.step@demo.test', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function password(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('two-step sign-in', () => {
  const browser = useBrowser();
  let recoveryCodes: string[] = [];
  let secret = '';

  it('sets up an authenticator app in Settings, shows the recovery codes once, then asks for a code after the password', async () => {
    const page = await browser.newPage('desktop');
    await signIn(page, 'uk.admin@demo.test', '/settings');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await expectVisible(section);
    await expectVisible(section.getByText('Not set up.'));
    await screenshot(page, 'two-step-settings');
    await section.getByRole('button', { name: 'Set up authenticator app' }).click();
    const shown = page.getByTestId('mfa-secret');
    await expectVisible(shown);
    secret = (await shown.innerText()).replace(/\s/g, '');
    expect(await page.getByRole('link', { name: 'Open in the app' }).getAttribute('href')).toMatch(/^otpauth:\/\/totp\//);
    const code = page.getByRole('textbox', { name: 'Code' });
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    const first = await codeAt(secret);
    await code.fill(first);
    await section.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expectVisible(list);
    recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectVisible(section.getByText('On. 10 recovery codes left.'));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'two-step-recovery-codes');
    await section.getByRole('button', { name: 'I have kept them' }).click();
    await expect.poll(() => list.count()).toBe(0);
    expectNoPageErrors(page);

    const next = await browser.newPage('desktop');
    await password(next, 'uk.admin@demo.test');
    await expectVisible(next.getByRole('heading', { level: 1, name: 'Two-step sign-in' }));
    const field = next.getByRole('textbox', { name: 'Code' });
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    await expectVisible(next.getByRole('button', { name: 'Use a recovery code' }));
    await expectNoSeriousA11yViolations(next);
    await screenshot(next, 'two-step-code');
    // The code that confirmed the app is spent: the next one signs in.
    await field.fill(first);
    await next.getByRole('button', { name: 'Verify' }).click();
    await expectVisible(next.getByRole('alert'));
    expect(await next.getByRole('alert').innerText()).toContain('not right, or was already used');
    await field.fill(await codeAt(secret, 30));
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.waitForURL((url) => url.pathname !== '/login');
    expectNoPageErrors(next);
  });

  it('takes a recovery code instead, on a phone', async () => {
    const page = await browser.newPage('mobile');
    await password(page, 'uk.admin@demo.test');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }));
    await expectVisible(page.getByRole('textbox', { name: 'Code' }));
    await screenshot(page, 'two-step-code');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const field = page.getByRole('textbox', { name: 'Recovery code' });
    await expectVisible(field);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'two-step-recovery');
    await field.fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expectNoPageErrors(page);
  });

  it('signs the demo account in with a code from its published secret', async () => {
    const page = await browser.newPage('mobile');
    await password(page, DEMO_TWO_STEP.email);
    const field = page.getByRole('textbox', { name: 'Code' });
    await expectVisible(field);
    await field.fill(await codeAt(DEMO_TWO_STEP.secret));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await expectVisible(section.getByText('On. No recovery codes left: turn the app off and on again for new ones.'));
    await section.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'two-step-settings');
  });

  for (const viewport of journeyWidths()) {
    it(`shows the set-up screen where the group requires a second step (${viewport}; the group's flag has no screen, so the answers are stubbed)`, async () => {
      const page = await browser.newPage(viewport);
      await page.route('**/v1/auth/login', (route) =>
        route.fulfill({ json: { mfaEnrolmentRequired: true, challenge: 'e'.repeat(43) }, headers: { 'cache-control': 'no-store' } }),
      );
      await page.route('**/v1/auth/mfa/enrolment/totp', (route) =>
        route.fulfill({
          json: { secret: DEMO_TWO_STEP.secret, otpauthUrl: `otpauth://totp/Client%20portal:x?secret=${DEMO_TWO_STEP.secret}` },
        }),
      );
      await password(page, 'uk.admin@demo.test');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }));
      await expectVisible(page.getByText('Your school group asks everyone to use two-step sign-in.'));
      await expectVisible(page.getByTestId('mfa-secret'));
      expect(await page.getByRole('textbox', { name: 'Code' }).getAttribute('autocomplete')).toBe('one-time-code');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'two-step-enrol');
      expectNoPageErrors(page);
    });
  }

  it('registers a passkey in Settings and signs in with it (a virtual authenticator through the DevTools protocol)', async () => {
    const page = await browser.newPage('desktop');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await signIn(page, 'school.admin@demo.test', '/settings');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await expectVisible(section);
    await section.getByRole('textbox', { name: 'Passkey name' }).fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expectVisible(page.getByTestId('passkey-list').getByText('Work laptop'));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'two-step-passkey-added');

    // Signed out (the refresh cookie gone), the same browser and authenticator sign in again.
    await page.context().clearCookies();
    await password(page, 'school.admin@demo.test');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' }));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'two-step-passkey');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    expectNoPageErrors(page);
  });
});
