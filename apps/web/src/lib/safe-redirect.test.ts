import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('follows same-site paths', () => {
    for (const path of ['/', '/bookings?status=unfilled', '/bookings/12#top', '/finance/invoices/7']) expect(safeRedirect(path)).toBe(path);
  });

  it('refuses anything that leaves the site, backslashes included', () => {
    for (const target of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      '/%0a/evil',
      '/\tevil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'bookings',
    ]) {
      const followed = safeRedirect(target);
      if (target === '/%0a/evil') expect(followed).toBe(target);
      else expect(followed, String(target)).toBeUndefined();
    }
  });
});
