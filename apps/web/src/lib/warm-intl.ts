let warmed = false;

/**
 * Loads the browser's locale data before a page needs it: the first `Intl` formatter of a page loads it, some 15 ms of
 * main thread on a desktop (60 ms and more at a phone's 4× slower CPU), inside whichever task builds one first (MUI's
 * table pagination as its module loads, Luxon at its first date). Here one number formatter, then (in a task of its
 * own) one date formatter, each in a task that does nothing else. Once per page; later calls do nothing.
 */
export function warmIntl(): void {
  if (warmed) return;
  warmed = true;
  setTimeout(() => {
    try {
      new Intl.NumberFormat().format(1);
      setTimeout(() => new Intl.DateTimeFormat().format(0), 0);
    } catch {
      // No Intl: the pages fall back to plain text.
    }
  }, 0);
}
