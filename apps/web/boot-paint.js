/* global location, document, window */
// Inline in index.html's head (vite.config.ts, inlineBootPaint), so it runs before anything is painted and before the
// app's code: index.html's static first paint where there is one, light mode only (its copies are light).
// On /login the sign-in card; on a signed-in page of the `portal-boot-frames` list (vite.config.ts, bootFrame), the
// shell's bar with the page's heading and intro, when the browser has a sign-in (the `portal_signed_in` cookie the
// server sets beside the refresh cookie). src/app/boot-paint.ts removes either once the app has drawn the page.
// On / Home's first screen, when the server has drawn it into the HTML (the `portal-first-page` meta tag names the
// parts it drew and the clients it took as selected): not when the stored layout is the map (2, which comes first on
// Home), nor when the stored selection (an empty one: all clients) is not the server's. With several clients and none
// selected, the app sends the user to the client overview instead: its frame (a page of the list) shows then. Keys
// and values as src/lib/ui-preferences.ts and src/lib/selected-clients.ts have them.
// On /finance/invoices/<no> that invoice's first screen, when the server has drawn it (the meta tag names the invoice
// and the kinds of its banner and status): only for the invoice of the address, so a page drawn for another never shows.
// Dark mode is the stored choice, or the device's setting until one is made (src/lib/color-scheme.ts).
try {
  const root = document.documentElement;
  const choice = localStorage.getItem('darkMode');
  const dark = choice === null ? window.matchMedia('(prefers-color-scheme: dark)').matches : choice === 'true';
  const frames = document.querySelector('meta[name="portal-boot-frames"]');
  const frameList = ((frames && frames.getAttribute('content')) || '').split(' ');
  const first = document.querySelector('meta[name="portal-first-page"]');
  const parts = ((first && first.getAttribute('content')) || '').split(' ');
  const page = location.pathname.replace(/^\/|\/$/g, '');
  const signedIn = /(?:^|;\s*)portal_signed_in=1(?:;|$)/.test(document.cookie);
  const drawerClosed = localStorage.getItem('drawerOpen') === 'false';
  const invoice = /^\/finance\/invoices\/([^/]+)\/?$/.exec(location.pathname);
  // The server's texts paint in Inter only (vite.config.ts, frameFont): its files are asked for now, with the HTML.
  const preloadFrameFonts = () => {
    const fonts = document.querySelector('meta[name="portal-frame-fonts"]');
    for (const href of ((fonts && fonts.getAttribute('content')) || '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'font';
      link.type = 'font/woff2';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  };
  if (dark) {
    // The loading view shows.
  } else if (location.pathname === '/login') {
    root.classList.add('boot-sign-in');
  } else if (location.pathname === '/' && signedIn && parts[0] === 'home') {
    const layout = Number(localStorage.getItem('dashboardLayout'));
    const clients = (first.getAttribute('data-clients') || '').split(',');
    const stored = JSON.parse(localStorage.getItem('portal.selectedClientIds') || '[]');
    const selected = [...new Set(stored)].sort((a, b) => a - b).join(',');
    if (layout !== 2 && (stored.length === 0 ? clients.length === 1 : selected === clients.join(','))) {
      root.classList.add('boot-frame', 'boot-frame--home', ...parts.slice(1).map((part) => `boot-home--${part}`));
      preloadFrameFonts();
      if (layout === 1) root.classList.add('boot-home--list');
      if (drawerClosed) root.classList.add('boot-frame--drawer-closed');
    } else if (stored.length === 0 && clients.length > 1 && frameList.includes('overview')) {
      // Several clients and none selected: the app starts at the client overview (whatever the layout), so its frame.
      root.classList.add('boot-frame', 'boot-frame--overview');
      if (drawerClosed) root.classList.add('boot-frame--drawer-closed');
    }
  } else if (invoice && signedIn && parts[0] === 'invoice' && decodeURIComponent(invoice[1]) === first.getAttribute('data-invoice')) {
    root.classList.add('boot-frame', 'boot-frame--invoice', ...parts.slice(1).map((part) => `boot-invoice--${part}`));
    preloadFrameFonts();
    if (drawerClosed) root.classList.add('boot-frame--drawer-closed');
  } else if (page && frameList.includes(page) && signedIn) {
    root.classList.add('boot-frame', `boot-frame--${page}`);
    if (drawerClosed) root.classList.add('boot-frame--drawer-closed');
  }
} catch {
  // Storage blocked, or an invoice's address with a malformed escape (only that branch decodes): the loading view shows.
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
