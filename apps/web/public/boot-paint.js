/* global location, document, window */
// On /login: show index.html's static sign-in card (it is light) until the app has drawn it (src/app/boot-paint.ts).
// Dark mode is the stored choice, or the device's setting until one is made (src/lib/color-scheme.ts).
try {
  const choice = localStorage.getItem('darkMode');
  const dark = choice === null ? window.matchMedia('(prefers-color-scheme: dark)').matches : choice === 'true';
  if (location.pathname === '/login' && !dark) {
    document.documentElement.classList.add('boot-sign-in');
  }
} catch {
  // Storage blocked: the loading screen shows instead.
}

// Anywhere but /login: the signed-in area's shared files (listed in index.html at build time) download now, together,
// rather than one after another as the app evaluates them in turn (vite.config.ts, listSignedInStart).
if (location.pathname !== '/login') {
  const list = document.querySelector('meta[name="portal-signed-in-start"]');
  for (const href of list && list.getAttribute('content') ? list.getAttribute('content').split(' ') : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}
