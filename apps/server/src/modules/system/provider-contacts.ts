import type { ProviderContacts } from '@portal/contract/runtime-config';
import type { Config } from '../../config';

/**
 * The provider's office per region (spec §4: a booking with an educator assigned, or started, is cancelled by
 * calling the provider). PROVIDER_CONTACTS sets them; demo mode has one per regional variant, overridden by it.
 * Numbers are from the ranges set aside for drama and examples, addresses on the reserved .test domain.
 */
export const DEMO_PROVIDER_CONTACTS: ProviderContacts = {
  en: { phone: '+65 6123 4567', email: 'bookings.intl@provider.test' },
  'en-AU': { phone: '1300 975 707', email: 'bookings.au@provider.test' },
  'en-NZ': { phone: '0800 975 707', email: 'bookings.nz@provider.test' },
  'en-GB': { phone: '020 7946 0958', email: 'bookings.uk@provider.test' },
  'en-US': { phone: '(202) 555-0147', email: 'bookings.us@provider.test' },
  'en-CA': { phone: '(416) 555-0182', email: 'bookings.ca@provider.test' },
};

export function providerContactsOf(config: Pick<Config, 'demo' | 'providerContacts'>): ProviderContacts {
  return { ...(config.demo ? DEMO_PROVIDER_CONTACTS : {}), ...config.providerContacts };
}
