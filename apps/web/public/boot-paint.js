/* global location, document */
// On /login: show index.html's static sign-in card until the app has drawn it (src/app/boot-paint.ts).
try {
  if (location.pathname === '/login' && localStorage.getItem('darkMode') !== 'true') {
    document.documentElement.classList.add('boot-sign-in');
  }
} catch {
  // Storage blocked: the loading screen shows instead.
}
