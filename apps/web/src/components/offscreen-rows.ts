/**
 * For the rows of a long list on a phone (a card per booking, timesheet or invoice): the browser lays out and paints
 * only the rows near the screen (`content-visibility: auto`). A page of 25–50 cards drew every card's layout in the
 * task that showed the list, about a third of it at a phone's 4× CPU; the cards below the screen are laid out as they
 * scroll into view, and stay in the accessibility tree, find-in-page and the tab order as before.
 *
 * `estimatedHeight` (px) holds a card's place until it has been laid out once; the browser then remembers its real
 * height (`auto`), so the scroll bar does not jump on the way back.
 */
export function offscreenRowSx(estimatedHeight: number) {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${estimatedHeight}px` } as const;
}
