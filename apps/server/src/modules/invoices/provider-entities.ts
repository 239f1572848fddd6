import type { Config, ProviderEntities } from '../../config';

/**
 * The provider's invoicing entity per region (spec §1: company names differ by regional variant), as the invoice PDF
 * prints it above the client's address. PROVIDER_ENTITIES sets them; demo mode has one per regional variant,
 * overridden by it. The demo's are invented (registration numbers included).
 */
export const DEMO_PROVIDER_ENTITIES: ProviderEntities = {
  'en-AU': {
    name: 'Chalkline Education Pty Ltd',
    lines: ['Level 12, 60 Margaret Street', 'Sydney NSW 2000', 'Australia', 'ABN 51 824 753 556'],
  },
  'en-NZ': {
    name: 'Chalkline Education NZ Limited',
    lines: ['Level 5, 21 Queen Street', 'Auckland 1010', 'New Zealand', 'GST 123-456-789'],
  },
  'en-GB': {
    name: 'Chalkline Education UK Ltd',
    lines: ['3rd Floor, 20 Farringdon Road', 'London EC1M 3HE', 'United Kingdom', 'VAT GB 123 4567 89'],
  },
  'en-US': { name: 'Chalkline Education Inc.', lines: ['1200 Market Street, Suite 400', 'Philadelphia, PA 19107', 'United States'] },
  'en-CA': { name: 'Chalkline Education Canada Inc.', lines: ['155 Wellington Street West, Suite 900', 'Toronto, ON M5V 3H1', 'Canada'] },
  en: { name: 'Chalkline Education Pte. Ltd.', lines: ['8 Marina View, #15-01', 'Singapore 018960'] },
};

export function providerEntitiesOf(config: Pick<Config, 'demo' | 'providerEntities'>): ProviderEntities {
  return { ...(config.demo ? DEMO_PROVIDER_ENTITIES : {}), ...config.providerEntities };
}
