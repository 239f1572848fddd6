import type { Locale } from './domain';
import type { ProviderContact, ProviderContacts } from './runtime-config';

/**
 * The provider office of a region (the school's regional variant), else the general one ('en'), else none. The
 * server sends cancellation requests there and the web shows it; kept free of zod for the web's first page.
 */
export function providerContactFor(contacts: ProviderContacts, region: Locale | string): ProviderContact | null {
  return contacts[region as Locale] ?? contacts.en ?? null;
}
