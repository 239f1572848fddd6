import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { allClients, groupOfClient } from '@portal/contract/permissions';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { paths } from '../../lib/paths';
import { useProfile } from '../../lib/profile';
import { usePageTitle } from '../../lib/use-page-title';
import { useSelectClients } from '../../lib/use-selected-clients';
import { useClientSummaries } from '../../api/bookings-summary';
import { localNow } from '../../lib/local-clock';

/** Spec §2: where users with more than one client land: a card per client with its locations and counts. */
export function ClientOverviewPage() {
  const { t } = useTranslation('pages');
  usePageTitle(t('clientOverview.title'));
  const profile = useProfile().data;
  const select = useSelectClients();
  const navigate = useNavigate();
  const clients = profile ? allClients(profile.links) : [];
  const today = localNow().toISODate()!;
  const summaries = useClientSummaries(
    clients.map((client) => client.clientId),
    today,
  );
  if (!profile) return null;

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('clientOverview.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('clientOverview.intro')}</Typography>
      </div>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {clients.map((client, index) => {
          const summary = summaries[index];
          const group = groupOfClient(profile.links, client.clientId);
          const data = summary?.data;
          return (
            <li key={client.clientId}>
              <Card
                component="article"
                aria-labelledby={`client-${client.clientId}`}
                sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: '16px', boxShadow: 'none' }}
              >
                <CardContent sx={{ flex: 1 }}>
                  <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
                    <UserAvatar name={client.clientName} size="md" />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="h2" id={`client-${client.clientId}`} sx={{ fontSize: '1.1rem' }}>
                        {client.clientName}
                      </Typography>
                      {group && (
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {t('clientOverview.group', { group: group.groupName })}
                        </Typography>
                      )}
                    </Box>
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap', gap: 1 }}>
                    {summary?.isError ? null : (
                      <>
                        <Chip
                          size="small"
                          data-testid={`client-${client.clientId}-today`}
                          label={data ? `${t('clientOverview.today')}: ${data.today.total}` : <Skeleton width={60} />}
                        />
                        <Chip
                          size="small"
                          data-testid={`client-${client.clientId}-period`}
                          label={data ? `${t('clientOverview.next4Weeks')}: ${data.period.total}` : <Skeleton width={80} />}
                        />
                        <Chip
                          size="small"
                          data-testid={`client-${client.clientId}-unfilled`}
                          label={data ? `${t('clientOverview.unfilled')}: ${data.period.unfilled}` : <Skeleton width={60} />}
                        />
                      </>
                    )}
                  </Stack>
                  <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
                    {t('clientOverview.locations', { count: client.locations.length })}
                  </Typography>
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {client.locations.map((location) => (
                      <Box
                        component="li"
                        key={location.locationId}
                        sx={{ display: 'flex', gap: 0.75, alignItems: 'center', color: 'text.secondary', fontSize: '0.875rem', py: 0.25 }}
                      >
                        <PlaceOutlinedIcon aria-hidden="true" sx={{ fontSize: 16 }} />
                        {location.locationName}
                      </Box>
                    ))}
                  </Box>
                </CardContent>
                <CardActions sx={{ px: 2, pb: 2 }}>
                  <Button
                    endIcon={<ArrowForwardIcon />}
                    aria-label={`${t('clientOverview.open')}: ${client.clientName}`}
                    onClick={() => {
                      select([client.clientId]);
                      void navigate(paths.home);
                    }}
                  >
                    {t('clientOverview.open')}
                  </Button>
                </CardActions>
              </Card>
            </li>
          );
        })}
      </Box>
    </Stack>
  );
}
