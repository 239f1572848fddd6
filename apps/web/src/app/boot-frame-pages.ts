/**
 * The signed-in pages whose frame index.html paints before the app has loaded (vite.config.ts, bootFrame): the
 * shell's bar and the page's heading and intro, texts that need no data. boot-paint.js (inline in index.html) shows it on these
 * addresses when the browser has a sign-in; app/boot-paint.ts removes it once the page has rendered beneath it.
 *
 * No imports: Vite's configuration reads this file with Node. boot-paint.test.ts checks each entry against the
 * router's paths, the locale files and the page's own measures.
 */
export interface BootFramePage {
  /** The route's path (lib/paths.ts). */
  path: string;
  /** The locale namespace whose `title` and `intro` the page shows in its header. */
  namespace: string;
  /** Where in the namespace `title` and `intro` are, when not at its top (a page of a shared namespace). */
  keyPrefix?: string;
  /** The header's maximum width in px, as the page draws it (its `maxWidth`). */
  headerWidth: number;
}

export const BOOT_FRAME_PAGES: readonly BootFramePage[] = [
  { path: '/bookings', namespace: 'bookings-list', headerWidth: 720 },
  { path: '/timesheets', namespace: 'timesheets', headerWidth: 720 },
  { path: '/finance', namespace: 'finance', headerWidth: 760 },
  // Where a contact of several clients starts while none is selected (app/route-guard.ts, clientOverviewRedirect); its
  // header spans the main area: MUI's Container at the theme's lg (1264 px), less its 24 px paddings.
  { path: '/overview', namespace: 'pages', keyPrefix: 'clientOverview', headerWidth: 1216 },
];
