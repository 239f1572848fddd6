import type { CustomTypeOptions } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The texts of one namespace (locales/<locale>/<namespace>.json) with their keys checked at compile time against
 * `en` (the resources declared in i18next.d.ts), re-rendering on a change of language. Regional folders may
 * override any key; the rest falls back to `en`. Each feature's text hook is this one, named for its namespace.
 */

type Resources = CustomTypeOptions['resources'];
export type TextNamespace = keyof Resources;

/** Every key of a namespace, as 'a.b.c'; plural keys ('count_one', 'count_other') also by their stem ('count'). */
type KeyPaths<T> = {
  [K in keyof T & string]: T[K] extends string ? (K extends `${infer Base}_${'one' | 'other'}` ? Base | K : K) : `${K}.${KeyPaths<T[K]>}`;
}[keyof T & string];

export type TextKey<N extends TextNamespace> = KeyPaths<Resources[N]>;
export type Translate<N extends TextNamespace> = (key: TextKey<N>, options?: Record<string, string | number>) => string;

export function useNamespaceText<N extends TextNamespace>(namespace: N): { t: Translate<N>; locale: string } {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const t = useMemo<Translate<N>>(() => {
    const fixed = i18n.getFixedT(locale, namespace) as unknown as (key: string, options?: object) => string;
    return (key, options) => fixed(key, options);
  }, [i18n, locale, namespace]);
  return { t, locale };
}
