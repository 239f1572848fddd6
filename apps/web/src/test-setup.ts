import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, loadAllTextsForTests } from './lib/i18n';

initI18n('en');
await loadAllTextsForTests();
// jsdom has no layout: React Router's scroll restoration calls scrollTo on every navigation.
window.scrollTo = () => {};
afterEach(() => cleanup());
