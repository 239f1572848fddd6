/**
 * A handle on zod's file (vite.config.ts): importing this module evaluates zod, and nothing else, in a task of its
 * own (app/router.tsx, loadContract). A dynamic import of 'zod' itself would keep every zod export in the bundle.
 */
export { string } from 'zod';
