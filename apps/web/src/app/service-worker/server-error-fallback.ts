/**
 * A Workbox plugin for the navigations the service worker asks of the network (Home and an invoice, which the server
 * draws): an answer of 500 or more (a proxy's 502 page while the servers restart, a 503 under load) counts as no
 * answer, so the route's fallback, the precached app shell, answers instead. The app then starts as on every other
 * address, and shows its own start-up error with a retry, in the portal's words, if the server is still down; never a
 * proxy's page.
 *
 * The build writes this object into sw.js as source (vite.config.ts, serviceWorker()): it may use nothing from outside
 * itself.
 */
export const serverErrorAsFailure = {
  fetchDidSucceed: async ({ response }: { response: Response }): Promise<Response> => {
    if (response.status >= 500) throw new Error(`the server answered ${response.status}`);
    return response;
  },
};
