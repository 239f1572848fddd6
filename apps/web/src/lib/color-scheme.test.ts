import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { followsSystemScheme, startColorScheme, startsDark, stopFollowingSystemScheme } from './color-scheme';

/** A device whose colour scheme the test sets and changes. */
function fakeDevice(dark: boolean) {
  const listeners: ((event: { matches: boolean }) => void)[] = [];
  const device = { dark };
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && device.dark;
    },
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      device.dark = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
}

const root = document.documentElement;
beforeEach(() => {
  localStorage.clear();
  root.className = '';
  delete root.dataset.colorScheme;
});
afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('dark mode (spec §2)', () => {
  it("follows the device's setting until the user chooses, and keeps following it as it changes", () => {
    const device = fakeDevice(true);
    expect(startsDark()).toBe(true);
    startColorScheme();
    expect(root.classList.contains('dark')).toBe(true);
    expect(followsSystemScheme()).toBe(true);
    device.change(false);
    expect(root.classList.contains('light')).toBe(true);
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('keeps the stored choice whatever the device says', () => {
    const device = fakeDevice(true);
    localStorage.setItem('darkMode', 'false');
    expect(startsDark()).toBe(false);
    startColorScheme();
    expect(root.classList.contains('light')).toBe(true);
    expect(followsSystemScheme()).toBe(false);
    device.change(true);
    expect(root.classList.contains('light')).toBe(true);
  });

  it('stops following the device once the user chooses', () => {
    const device = fakeDevice(false);
    startColorScheme();
    stopFollowingSystemScheme();
    device.change(true);
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('is light without a choice on a browser that cannot tell', () => {
    expect(startsDark()).toBe(false);
  });
});
