import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { providerContactFor } from '@portal/contract/provider-contacts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../lib/runtime-config';

/** The provider office of a region (runtime `providerContacts`; 'en' is the fallback), or null when none is set. */
export function useProviderContact(region: string) {
  return providerContactFor(getRuntimeConfig().providerContacts, region);
}

/**
 * How to reach the provider's office: a phone number and an e-mail address as tel: and mailto: links (spec §5:
 * not external links). Renders nothing when the region has no office configured.
 */
export function ProviderContact({ region, dense = false }: { region: string; dense?: boolean }) {
  const { t } = useTranslation();
  const contact = useProviderContact(region);
  if (!contact) return null;
  const item = (icon: ReactNode, label: string, href: string, text: string, aria: string) => (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <Box aria-hidden="true" sx={{ color: 'primary.dark', display: 'flex' }}>
        {icon}
      </Box>
      {/* The icon says it on a phone; the link's own name says it to a screen reader. */}
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary', minWidth: 52, display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Typography>
      <Link href={href} aria-label={aria} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {text}
      </Link>
    </Box>
  );
  return (
    <Box component="ul" data-testid="provider-contact" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: dense ? 0.5 : 1 }}>
      {item(
        <PhoneOutlinedIcon fontSize="small" />,
        t('providerContact.phone'),
        `tel:${contact.phone.replace(/[^\d+]/g, '')}`,
        contact.phone,
        t('providerContact.call', { phone: contact.phone }),
      )}
      {item(
        <MailOutlineIcon fontSize="small" />,
        t('providerContact.email'),
        `mailto:${contact.email}`,
        contact.email,
        t('providerContact.write', { email: contact.email }),
      )}
    </Box>
  );
}
