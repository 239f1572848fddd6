/**
 * The limits of the portal's inputs, one copy for the contract's schemas, the server's rules and the forms:
 * what a form checks before submitting and what the server refuses are the same numbers.
 */

/** The longest break a booking (or an extension day) may have, in minutes (spec §5). */
export const MAX_BREAK_MINUTES = 240;
/** A reason (cancel, cancellation request, reject) or a day away's note. */
export const MAX_REASON_LENGTH = 500;
/** A booking's notes for the educator. */
export const MAX_NOTES_LENGTH = 2000;
/** A short text of a booking: the covered teacher's name, the room. */
export const MAX_SHORT_TEXT_LENGTH = 120;
/** The largest page a list answers (take). */
export const MAX_PAGE_SIZE = 200;
/** Deep offsets make the database walk every row before them: past this, narrow the filters instead. */
export const MAX_SKIP = 100_000;
/** How long the Approve and Reject links of a pending-approval e-mail work (once), in hours. */
export const EMAIL_ACTION_LINK_HOURS = 72;
