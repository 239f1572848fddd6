import { expect } from 'vitest';
import { apiSignIn } from './auth';
import { baseUrl } from './world';

/** GET /v1/<path> as a demo account, for comparing what a page shows with what the API answers. */
export async function apiGet<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/v1/${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-version': '1' } });
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

export async function apiTokenFor(email: string): Promise<string> {
  return apiSignIn(email);
}

/** Today in the browser's time zone (the tests and the browser share the machine's zone), YYYY-MM-DD. */
export function localIsoDate(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Spec §9: Saturday and Sunday roll to the next Monday (as the group overview's default date does). */
export function nextWeekdayIso(date = new Date()): string {
  const day = date.getDay();
  const shift = day === 6 ? 2 : day === 0 ? 1 : 0;
  return localIsoDate(new Date(date.getFullYear(), date.getMonth(), date.getDate() + shift));
}
