import { useNamespaceText, type TextKey, type Translate } from '../../lib/namespace-text';

export type CandidatesTextKey = TextKey<'candidates'>;
export type CandidatesTranslate = Translate<'candidates'>;

/**
 * The `candidates` namespace (locales/<locale>/candidates.json). Regional folders may override any key; the rest
 * falls back to `en`.
 */
export function useCandidatesText(): { t: CandidatesTranslate; locale: string } {
  return useNamespaceText('candidates');
}
