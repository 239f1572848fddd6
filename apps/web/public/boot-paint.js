try {
  if (location.pathname == '/login' && localStorage.getItem('darkMode') != 'true') document.documentElement.classList.add('boot-sign-in');
} catch (e) {}
