import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type texts from '../../locales/en/availability.json';

/** Every key of the availability texts, as 'a.b.c' (the typed-keys check the other namespaces get from i18next.d.ts). */
type KeyPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? (K extends `${infer Base}_${'one' | 'other'}` ? Base | K : K) : `${K}.${KeyPaths<T[K]>}`;
}[keyof T & string];
export type AvailabilityTextKey = KeyPaths<typeof texts>;

type Translate = (key: AvailabilityTextKey, options?: Record<string, string | number>) => string;

/**
 * The `availability` namespace (locales/<locale>/availability.json). Its files load with every other namespace;
 * this hook gives its keys the same compile-time check, and re-renders on a change of language.
 */
export function useAvailabilityTranslation(): { t: Translate; locale: string } {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const t = useMemo<Translate>(() => {
    const fixed = i18n.getFixedT(locale, 'availability' as never) as unknown as (key: string, options?: object) => string;
    return (key, options) => fixed(key, options);
  }, [i18n, locale]);
  return { t, locale };
}
