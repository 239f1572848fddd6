import { useNamespaceText, type TextKey, type Translate } from '../../lib/namespace-text';

export type FinanceTextKey = TextKey<'finance'>;
export type FinanceTranslate = Translate<'finance'>;

/**
 * The `finance` namespace (locales/<locale>/finance.json). Regional folders may override any key; the rest
 * falls back to `en`.
 */
export function useFinanceText(): { t: FinanceTranslate; locale: string } {
  return useNamespaceText('finance');
}
