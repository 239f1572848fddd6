import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, STAFF_EMAIL, contactIdOf, expectHeading } from '../../support/auth';
import { expectNoSeriousA11yViolations, expectVisible, screenshotAtBothWidths, useBrowser } from '../../support/browser';

/**
 * Spec §2/§3 service status, end to end: provider staff publish a status through the API (staff token from the
 * enterprise login), every signed-in page shows its banner, and a body carrying a script, an event handler and
 * a javascript: link runs none of them in the browser.
 */
const CONTACT = 'teacher@demo.test';
const HOSTILE_BODY = [
  'Bookings may be **slow tonight** between 20:00 and 22:00 while we upgrade the servers.',
  '',
  '<script>window.__xss = "script"</script>',
  '',
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  '',
  "[Status page](javascript:window.__xss='link')",
].join('\n');

describe('service status', () => {
  const browser = useBrowser();

  it('shows the banner and dialog to signed-in users without running anything in the status text', async () => {
    const page = await browser.newPage('desktop');
    await page.goto(`/user/impersonate/${await contactIdOf(CONTACT)}`);
    await page.getByLabel('Work e-mail').fill(STAFF_EMAIL);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectHeading(page, 'Home');

    // The staff token (the page holds the staff sign-in's refresh cookie).
    const publish = (method: 'PUT' | 'DELETE') =>
      page.evaluate(
        async ({ method, body }) => {
          const refresh = await fetch('/v1/auth/refresh', { method: 'POST' });
          const { accessToken } = (await refresh.json()) as { accessToken: string };
          const res = await fetch('/v1/service-status', {
            method,
            headers: { authorization: `Bearer ${accessToken}`, ...(method === 'PUT' ? { 'content-type': 'application/json' } : {}) },
            ...(method === 'PUT' ? { body: JSON.stringify(body) } : {}),
          });
          return res.status;
        },
        {
          method,
          body: {
            bannerTitle: 'Scheduled maintenance tonight',
            severity: 'warning',
            region: 'All regions',
            bodyMarkdown: HOSTILE_BODY,
            active: true,
          },
        },
      );
    expect(await publish('PUT')).toBe(200);
    try {
      await page.reload();
      await expectHeading(page, 'Home');
      await expectVisible(page.getByText('Scheduled maintenance tonight'));
      await page.getByRole('button', { name: 'Learn More' }).click();
      const dialog = page.getByRole('dialog');
      await expectVisible(dialog);
      await expectVisible(dialog.getByText('slow tonight'));
      await expectVisible(dialog.getByText('All regions'));
      const html = await dialog.innerHTML();
      expect(html).not.toMatch(/<script|onerror|javascript:/i);
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
      await expectNoSeriousA11yViolations(page);
      await screenshotAtBothWidths(page, 'service-status-dialog');
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    } finally {
      expect(await publish('DELETE')).toBe(204);
    }
  });
});
