import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type texts from '../../../locales/en/booking-create.json';

/** Every key of the create-booking texts, as 'a.b.c' (plural keys by their base name). */
type KeyPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? (K extends `${infer Base}_${'one' | 'other'}` ? Base : K) : `${K}.${KeyPaths<T[K]>}`;
}[keyof T & string];
export type BookingCreateTextKey = KeyPaths<typeof texts>;

export type BookingCreateTranslate = (key: BookingCreateTextKey, options?: Record<string, string | number>) => string;

/**
 * The `booking-create` namespace (locales/<locale>/booking-create.json), with its keys checked at compile time
 * (as the availability feature does for its own namespace), re-rendering on a change of language.
 */
export function useBookingCreateTranslation(): { t: BookingCreateTranslate; locale: string } {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const t = useMemo<BookingCreateTranslate>(() => {
    const fixed = i18n.getFixedT(locale, 'booking-create' as never) as unknown as (key: string, options?: object) => string;
    return (key, options) => fixed(key, options);
  }, [i18n, locale]);
  return { t, locale };
}
