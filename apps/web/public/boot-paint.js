/* global location, document */
// On /login: show index.html's static sign-in card until the app has drawn it (src/app/boot-paint.ts).
try {
  if (location.pathname === '/login' && localStorage.getItem('darkMode') !== 'true') {
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
