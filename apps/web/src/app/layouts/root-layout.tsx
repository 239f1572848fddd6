import { Outlet, ScrollRestoration } from 'react-router';

/** Above every route: scroll resets to the top on navigation (spec §2). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
