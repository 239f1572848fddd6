import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ClientLink } from '@portal/contract/permissions';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../lib/profile';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Home (spec §2, title Home). Until the dashboard issue lands: a greeting and the schools of the user's
 * permission tree, all from the profile the route guard loaded.
 */
export function HomePage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('home.title'));
  const profile = useProfile().data;
  if (!profile) return null;
  const { contact, links } = profile;
  const sections = [
    ...links.groups.map((group) => ({ key: `group-${group.groupId}`, title: group.groupName, clients: group.clients })),
    ...(links.clients.length > 0
      ? [{ key: 'clients', title: links.groups.length > 0 ? t('home.otherClients') : undefined, clients: links.clients }]
      : []),
  ];

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('home.title')}
        </Typography>
        <Typography sx={{ fontSize: '1.125rem', fontWeight: 500 }}>{t('home.greeting', { firstName: contact.firstName })}</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('home.intro')}</Typography>
      </div>
      <Paper variant="outlined" component="section" aria-labelledby="home-clients" sx={{ borderRadius: '16px', overflow: 'hidden' }}>
        <Box
          sx={{ px: { xs: 2.5, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 1, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
        >
          <Typography variant="h2" id="home-clients" sx={{ fontSize: '1.25rem' }}>
            {t('home.clientsHeading')}
          </Typography>
          <Chip size="small" label={t('home.clientCount', { count: sections.reduce((sum, s) => sum + s.clients.length, 0) })} />
        </Box>
        {sections.map((section) => (
          <Box key={section.key} component="section" aria-label={section.title} sx={{ pb: 1 }}>
            {section.title && (
              <Typography variant="h3" sx={{ fontSize: '0.95rem', color: 'text.secondary', px: { xs: 2.5, sm: 3 }, pt: 1.5 }}>
                {section.title}
              </Typography>
            )}
            <List
              dense
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, columnGap: 1 }}
            >
              {section.clients.map((client) => (
                <ClientRow key={client.clientId} client={client} />
              ))}
            </List>
          </Box>
        ))}
      </Paper>
    </Stack>
  );
}

function ClientRow({ client }: { client: ClientLink }) {
  const { t } = useTranslation('pages');
  return (
    <ListItem sx={{ px: { xs: 2.5, sm: 3 } }}>
      <ListItemIcon sx={{ minWidth: 40, color: 'primary.dark' }}>
        <SchoolOutlinedIcon aria-hidden="true" />
      </ListItemIcon>
      <ListItemText
        primary={client.clientName}
        secondary={t('home.locationCount', { count: client.locations.length })}
        slotProps={{ primary: { sx: { fontWeight: 500 } } }}
      />
    </ListItem>
  );
}
