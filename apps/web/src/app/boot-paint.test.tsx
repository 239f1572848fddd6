import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../lib/paths';
import { BOOT_FRAME_PAGES } from './boot-frame-pages';
import { bootPaintShowing, useBootPaintUntilPage, useDismissBootPaint, useDismissBootPaintUnlessHeld } from './boot-paint';

const firstScreenShown = vi.hoisted(() => vi.fn());
vi.mock('./service-worker/register-later', () => ({ firstScreenShown }));

/** index.html's frame as boot-paint.js leaves it on /bookings. */
function showFrame(): void {
  document.body.innerHTML = '<div id="root"></div><div id="boot-frame-view"><h1>Bookings</h1></div>';
  document.documentElement.className = 'boot-frame boot-frame--bookings';
}

describe('index.html static first paint', () => {
  beforeEach(() => {
    showFrame();
    firstScreenShown.mockClear();
  });
  afterEach(() => {
    document.documentElement.className = '';
  });

  it('the signed-in shell keeps the frame over it until its page has rendered, then it goes with its classes', () => {
    // The root layout's effect runs after the shell's in the same commit: the shell holds the frame.
    const shell = renderHook(({ ready }) => useBootPaintUntilPage(ready), { initialProps: { ready: false } });
    renderHook(() => useDismissBootPaintUnlessHeld());
    expect(bootPaintShowing()).toBe(true);
    expect(document.getElementById('boot-frame-view')).not.toBeNull();

    shell.rerender({ ready: true });
    expect(bootPaintShowing()).toBe(false);
    expect(document.getElementById('boot-frame-view')).toBeNull();
    expect(document.documentElement.className).toBe('');
    // Once: the first screen is shown (the service worker's registration waits for it) as the page renders.
    expect(firstScreenShown).toHaveBeenCalledTimes(1);
  });

  it('is left to the root layout by a shell whose page renders with it', () => {
    renderHook(() => useBootPaintUntilPage(true));
    expect(bootPaintShowing()).toBe(true);
    renderHook(() => useDismissBootPaintUnlessHeld());
    expect(bootPaintShowing()).toBe(false);
    expect(firstScreenShown).toHaveBeenCalledTimes(1);
  });

  it('goes when the shell leaves before its page rendered (the session check sent the visitor to sign in)', () => {
    const shell = renderHook(({ ready }) => useBootPaintUntilPage(ready), { initialProps: { ready: false } });
    expect(bootPaintShowing()).toBe(true);
    shell.unmount();
    expect(bootPaintShowing()).toBe(false);
    expect(document.getElementById('boot-frame-view')).toBeNull();
  });

  it('goes with the first route outside the shell, and with an error screen even while the shell holds it', () => {
    renderHook(() => useDismissBootPaintUnlessHeld());
    expect(bootPaintShowing()).toBe(false);

    showFrame();
    renderHook(({ ready }) => useBootPaintUntilPage(ready), { initialProps: { ready: false } });
    renderHook(() => useDismissBootPaint());
    expect(bootPaintShowing()).toBe(false);
    expect(document.getElementById('boot-frame-view')).toBeNull();
  });
});

describe('the pages with a static frame', () => {
  // Their texts are checked as index.html is built (vite.config.ts, bootFrame: en has them, no region words them otherwise).
  it('are routes of lib/paths.ts', () => {
    const routes = new Set<unknown>(Object.values(paths));
    expect(BOOT_FRAME_PAGES.filter((page) => !routes.has(page.path))).toEqual([]);
  });
});
