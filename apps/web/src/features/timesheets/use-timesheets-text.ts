import { useNamespaceText, type TextKey, type Translate } from '../../lib/namespace-text';

export type TimesheetsTextKey = TextKey<'timesheets'>;
export type TimesheetsTranslate = Translate<'timesheets'>;

/**
 * The `timesheets` namespace (locales/<locale>/timesheets.json). Regional folders may override any key; the rest
 * falls back to `en`.
 */
export function useTimesheetsText(): { t: TimesheetsTranslate; locale: string } {
  return useNamespaceText('timesheets');
}
