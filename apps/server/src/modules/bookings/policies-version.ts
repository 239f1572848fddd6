import { hash } from 'node:crypto';

/**
 * The version of a client's booking policies: a fingerprint of their text (no text: the empty text), so any change
 * of the text is a new version that bookers are asked to agree to again, with no version number to keep up by hand.
 */
export function policiesVersionOf(markdown: string | null | undefined): string {
  return hash('sha256', markdown ?? '', 'hex').slice(0, 16);
}
