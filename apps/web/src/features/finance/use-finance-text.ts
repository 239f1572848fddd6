import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type texts from '../../locales/en/finance.json';

/** Every key of the finance texts, as 'a.b.c' (the typed-keys check the bundled namespaces get from i18next.d.ts). */
type KeyPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyPaths<T[K]>}`;
}[keyof T & string];
/** Plural keys ('count_one', 'count_other') are asked for by their stem ('count'). */
type Stem<K extends string> = K extends `${infer S}_one` | `${infer S}_other` ? S : K;
export type FinanceTextKey = Stem<KeyPaths<typeof texts>>;

export type FinanceTranslate = (key: FinanceTextKey, options?: Record<string, string | number>) => string;

/**
 * The `finance` namespace (locales/<locale>/finance.json). Regional folders may override any key; the rest
 * falls back to `en`.
 */
export function useFinanceText(): { t: FinanceTranslate; locale: string } {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const t = useMemo<FinanceTranslate>(() => {
    const fixed = i18n.getFixedT(locale, 'finance' as never) as unknown as (key: string, options?: object) => string;
    return (key, options) => fixed(key, options);
  }, [i18n, locale]);
  return { t, locale };
}
