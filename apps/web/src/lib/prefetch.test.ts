import { afterEach, describe, expect, it, vi } from 'vitest';

describe('prefetchSignedInArea', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    vi.resetModules();
  });

  const load = async () => (await import('./prefetch')).prefetchSignedInArea;

  it('adds one prefetch link per listed file (same request mode as the module import), once per page', async () => {
    document.head.innerHTML = '<meta name="portal-prefetch" content="/assets/theme-providers-a.js /assets/ui-b.js">';
    const prefetch = await load();
    prefetch();
    prefetch();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/assets/theme-providers-a.js', '/assets/ui-b.js']);
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('does nothing without a list (the dev server) or when the browser saves data', async () => {
    (await load())();
    expect(document.head.querySelector('link')).toBeNull();
    vi.resetModules();
    document.head.innerHTML = '<meta name="portal-prefetch" content="/assets/ui-b.js">';
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    (await load())();
    expect(document.head.querySelector('link')).toBeNull();
    vi.unstubAllGlobals();
  });
});
