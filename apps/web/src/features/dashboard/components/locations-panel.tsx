import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { locationLabel } from '@portal/contract/format/location-name';
import type { LocationsResponse } from '@portal/contract/locations';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../../../lib/runtime-config';

const LocationsMap = lazy(async () => ({ default: (await import('../../../components/locations-map')).LocationsMap }));

/** The MAP layout: the selected clients' locations on a map, and the same locations as a list. */
export function LocationsPanel({ locations }: { locations: LocationsResponse | undefined }) {
  const { t } = useTranslation('pages');
  const tilesUrl = getRuntimeConfig().mapTilesUrl;
  const points = useMemo(
    () =>
      (locations ?? [])
        .filter((location) => location.address.latitude !== null && location.address.longitude !== null)
        .map((location) => ({
          id: location.locationId,
          label: location.locationName,
          detail: location.address.fullAddress,
          latitude: location.address.latitude!,
          longitude: location.address.longitude!,
        })),
    [locations],
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="map-heading" sx={{ borderRadius: '16px', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id="map-heading" sx={{ fontSize: '1.125rem', mb: 2 }}>
        {t('home.mapHeading')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Suspense fallback={<Skeleton variant="rounded" height={380} />}>
          {locations ? (
            <LocationsMap points={points} tilesUrl={tilesUrl} label={t('home.mapLabel')} />
          ) : (
            <Skeleton variant="rounded" height={380} />
          )}
        </Suspense>
        {/* A scrolling region is reachable by keyboard (focusable), so its places can be read without a mouse. */}
        <List
          aria-label={t('home.mapListLabel')}
          dense
          tabIndex={0}
          sx={{
            maxHeight: 380,
            overflow: 'auto',
            borderRadius: 2,
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
          }}
          data-testid="location-list"
        >
          {(locations ?? []).map((location) => (
            <ListItem key={location.locationId}>
              <ListItemIcon sx={{ minWidth: 36, color: 'primary.dark' }}>
                <PlaceOutlinedIcon />
              </ListItemIcon>
              <ListItemText
                primary={location.locationName}
                secondary={
                  // The client's name only where the location's own name does not already say it.
                  locationLabel(location.clientName, location.locationName) === location.locationName
                    ? location.address.fullAddress
                    : `${location.clientName} · ${location.address.fullAddress}`
                }
              />
            </ListItem>
          ))}
        </List>
      </Box>
    </Paper>
  );
}
