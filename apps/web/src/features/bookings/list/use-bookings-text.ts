import { useNamespaceText, type TextKey, type Translate } from '../../../lib/namespace-text';

export type BookingsTextKey = TextKey<'bookings-list'>;
export type BookingsTranslate = Translate<'bookings-list'>;

/**
 * The `bookings-list` namespace (locales/<locale>/bookings-list.json): the bookings list and detail, cancel,
 * extend, feedback and pending approval. Regional folders may override any key; the rest falls back to `en`.
 */
export function useBookingsText(): { t: BookingsTranslate; locale: string } {
  return useNamespaceText('bookings-list');
}
