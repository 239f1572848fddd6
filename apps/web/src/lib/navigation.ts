/**
 * Leaves the single-page app for a server page (the enterprise login and logout). One function so tests can
 * watch it: jsdom cannot navigate.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
