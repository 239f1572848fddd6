import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiGet, apiTokenFor } from '../../support/api';
import { signIn } from '../../support/auth';
import { expectNoPageErrors, expectNoSeriousA11yViolations, expectVisible, screenshot, useBrowser } from '../../support/browser';
import { journeyWidths } from '../../support/widths';

/**
 * Replace-me with a way back, on Home as teacher@demo.test: asking waits five seconds with Undo before it is sent,
 * and a request sent can be withdrawn (confirmed) while no replacement is found; the day is then offered again.
 * This file asks for, and withdraws, the teacher's requests for today or the next school day.
 */
const TEACHER = 'teacher@demo.test';
const UNDO_WINDOW_MS = 5000;

interface ReplaceMeStatus {
  clientId: number;
  days: { today: string; tomorrow: string; isNextMonday: boolean };
  requests: { id: number; selectedDay: string; status: string }[];
}
interface Profile {
  links: {
    groups: Array<{ clients: Array<{ clientId: number; locations: Array<{ tags: string[] }> }> }>;
    clients: Array<{ clientId: number; locations: Array<{ tags: string[] }> }>;
  };
}

async function replaceMeStatus(token: string): Promise<ReplaceMeStatus> {
  const profile = await apiGet<Profile>(token, 'profile');
  const client = [...profile.links.groups.flatMap((g) => g.clients), ...profile.links.clients].find((c) =>
    c.locations.some((l) => l.tags.includes('replace_me_feature_enabled')),
  )!;
  return apiGet<ReplaceMeStatus>(token, `bookings/replace-me-status?clientId=${client.clientId}`);
}

/** A day of the two offered with no request yet, and its button's label. */
function freeDay(status: ReplaceMeStatus): { date: string; label: string } {
  const weekend = [0, 6].includes(new Date(`${status.days.today}T00:00:00Z`).getUTCDay());
  const days = [
    ...(weekend ? [] : [{ date: status.days.today, label: 'Today' }]),
    { date: status.days.tomorrow, label: status.days.isNextMonday ? 'Next Monday' : 'Tomorrow' },
  ];
  const free = days.find((d) => !status.requests.some((r) => r.selectedDay === d.date));
  expect(free, 'a day the teacher has not asked for').toBeDefined();
  return free!;
}

const card = (page: Page) => page.getByTestId('replace-me-card');

describe('replace-me: Undo before it is sent, withdraw after', () => {
  const browser = useBrowser();

  for (const viewport of journeyWidths()) {
    it(`Undo sends nothing; a request sent is withdrawn and the day offered again (${viewport})`, async () => {
      const token = await apiTokenFor(TEACHER);
      const day = freeDay(await replaceMeStatus(token));
      const page = await browser.newPage(viewport);
      await signIn(page, TEACHER, '/');
      await expectVisible(card(page));
      const group = card(page).getByRole('group', { name: /^Ask for a replacement/ });
      const dayButton = group.getByRole('button', { name: day.label, exact: true });

      // Asking waits: the notice says so, Undo has the focus, nothing is sent.
      await dayButton.click();
      const notice = card(page).getByTestId('undo-notice');
      await expectVisible(notice.getByText(`Asking for a replacement for ${day.label} in 5 seconds…`));
      const undo = notice.getByRole('button', { name: 'Undo' });
      expect(await undo.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await notice.getAttribute('role')).toBe('status');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'replace-me-undo');
      await undo.click();
      await notice.waitFor({ state: 'detached' });
      await page.waitForTimeout(UNDO_WINDOW_MS + 1500);
      expect((await replaceMeStatus(token)).requests.some((r) => r.selectedDay === day.date)).toBe(false);
      await expectVisible(dayButton);

      // Asked and let run: sent, scheduled.
      await dayButton.click();
      await expectVisible(page.getByText(new RegExp(`^Replacement requested for ${day.label}\\.`)), UNDO_WINDOW_MS + 10_000);
      const request = card(page).locator(`[data-testid="replace-me-request"][data-day="${day.date}"]`);
      await expectVisible(request);
      expect((await replaceMeStatus(token)).requests.find((r) => r.selectedDay === day.date)?.status).toBe('scheduled');

      // Withdrawn after 'Withdraw this request?': gone, and the day can be asked for again.
      await request.getByRole('button', { name: 'Withdraw request' }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
      await expectVisible(dialog);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'replace-me-withdraw-confirm');
      await dialog.getByRole('button', { name: 'Withdraw request' }).click();
      await expectVisible(page.getByText(/^Request for .+ withdrawn\. You can ask again for this day\.$/));
      await request.waitFor({ state: 'detached' });
      await expectVisible(dayButton);
      expect((await replaceMeStatus(token)).requests.some((r) => r.selectedDay === day.date)).toBe(false);
      if (viewport === 'mobile') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(page, 'replace-me-withdrawn');
      expectNoPageErrors(page);
    }, 60_000);
  }
});
