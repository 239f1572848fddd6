import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadAllTextsForTests } from './lib/i18n';

initI18n('en');
await loadAllTextsForTests();
// jsdom has no layout: React Router's scroll restoration calls scrollTo on every navigation.
window.scrollTo = () => {};
afterEach(() => cleanup());
// findBy*/waitFor wait for a state, not a time: their default of 1 s is a deadline a loaded 2-core machine misses
// (a lazy route, i18n and a query resolving in turn). They still answer as soon as the state is there.
configure({ asyncUtilTimeout: 10_000 });
