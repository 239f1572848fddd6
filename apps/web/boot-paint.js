/* global location, document, window */
// Inline in index.html's head (vite.config.ts, inlineBootPaint), so it runs before anything is painted and before the
// app's code: index.html's static first paint where there is one, light mode only (its copies are light).
// On /login the sign-in card; on a signed-in page of the `portal-boot-frames` list (vite.config.ts, bootFrame), the
// shell's bar with the page's heading and intro, when the browser has a sign-in (the `portal_signed_in` cookie the
// server sets beside the refresh cookie). src/app/boot-paint.ts removes either once the app has drawn the page.
// Dark mode is the stored choice, or the device's setting until one is made (src/lib/color-scheme.ts).
try {
  const root = document.documentElement;
  const choice = localStorage.getItem('darkMode');
  const dark = choice === null ? window.matchMedia('(prefers-color-scheme: dark)').matches : choice === 'true';
  const frames = document.querySelector('meta[name="portal-boot-frames"]');
  const page = location.pathname.replace(/^\/|\/$/g, '');
  if (dark) {
    // The loading view shows.
  } else if (location.pathname === '/login') {
    root.classList.add('boot-sign-in');
  } else if (
    frames &&
    page &&
    (frames.getAttribute('content') || '').split(' ').includes(page) &&
    /(?:^|;\s*)portal_signed_in=1(?:;|$)/.test(document.cookie)
  ) {
    root.classList.add('boot-frame', `boot-frame--${page}`);
    if (localStorage.getItem('drawerOpen') === 'false') root.classList.add('boot-frame--drawer-closed');
  }
} catch {
  // Storage blocked: the loading view shows instead.
}

// Anywhere but /login: the signed-in area's shared files (listed in index.html at build time) download together, rather
// than one after another as the app evaluates them in turn (vite.config.ts, listSignedInStart). Each link starts a
// fetch on the main thread (3–12 ms apiece at a phone's 4× slower CPU): the sixteen asked for before the first paint
// held index.html's first screen back by some 200 ms. So they are asked for once the first frame is painted (in a
// browser slowed as a phone is, the page itself came no later for it), one per task so that none of those tasks is
// long; a page in the background paints no frame, so after a second then.
if (location.pathname !== '/login') {
  const list = document.querySelector('meta[name="portal-signed-in-start"]');
  const files = list && list.getAttribute('content') ? list.getAttribute('content').split(' ') : [];
  let started = false;
  const next = () => {
    const href = files.shift();
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
    setTimeout(next, 0);
  };
  const start = () => {
    if (started) return;
    started = true;
    next();
  };
  window.requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
}
