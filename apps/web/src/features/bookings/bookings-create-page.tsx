import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useToast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useBookingLocations } from './api/get-booking-locations';
import { CreateBookingForm } from './create/create-booking-form';
import { useBookingCreateTranslation } from './create/use-booking-create-translation';

/** Create Booking (spec §2 bookings-create, §5 'Booking create'). */
export function BookingsCreatePage() {
  const { t } = useBookingCreateTranslation();
  usePageTitle(t('title'));
  const toast = useToast();
  const locations = useBookingLocations();
  useEffect(() => {
    if (locations.error) toast.error(t('failed.locations'));
  }, [locations.error, t, toast]);

  return (
    <Stack spacing={3} sx={{ maxWidth: 1180 }}>
      <div>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 720 }}>{t('intro')}</Typography>
      </div>
      {locations.isPending && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography sx={{ color: 'text.secondary' }}>{t('loading')}</Typography>
        </Box>
      )}
      {locations.isError && (
        <Alert
          severity="error"
          variant="outlined"
          action={
            <Button color="inherit" size="small" onClick={() => void locations.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('failed.locations')}
        </Alert>
      )}
      {locations.data && locations.data.length === 0 && (
        <Alert severity="info" variant="outlined">
          {t('noLocations')}
        </Alert>
      )}
      {locations.data && locations.data.length > 0 && <CreateBookingForm locations={locations.data} />}
    </Stack>
  );
}
