import { useNamespaceText, type TextKey, type Translate } from '../../lib/namespace-text';

export type AvailabilityTextKey = TextKey<'availability'>;

/**
 * The `availability` namespace (locales/<locale>/availability.json). Its files load with every other namespace;
 * this hook gives its keys the same compile-time check, and re-renders on a change of language.
 */
export function useAvailabilityTranslation(): { t: Translate<'availability'>; locale: string } {
  return useNamespaceText('availability');
}
