import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { CREATE_BOOKING_PARAMS } from '../../lib/paths';
import { meetsRequirement, PAGE_REQUIREMENTS } from '@portal/contract/permissions';
import { useProfile } from '../../lib/profile';
import { useToast } from '../../lib/toast';
import { useSelectedClientIds } from '../../lib/use-selected-clients';
import { usePageTitle } from '../../lib/use-page-title';
import { useBookingLocations } from '../../api/booking-locations';
import { CreateBookingForm, type CreateBookingPreset } from './create/create-booking-form';
import { useBookingCreateTranslation } from './create/use-booking-create-translation';
import { ErrorState, LoadingState } from '../../components/query-state';

/** The form's presets from the address (`createBookingPath`): anything unreadable is left out. */
function usePreset(): CreateBookingPreset {
  const [params] = useSearchParams();
  const id = (name: string) => {
    const text = params.get(name) ?? '';
    return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined;
  };
  const clientId = id(CREATE_BOOKING_PARAMS.school);
  const candidateId = id(CREATE_BOOKING_PARAMS.educator);
  return {
    ...(params.get(CREATE_BOOKING_PARAMS.day) === 'next' ? { nextSchoolDay: true } : {}),
    ...(clientId === undefined ? {} : { clientId }),
    ...(candidateId === undefined ? {} : { candidateId }),
  };
}

/** Create Booking (spec §2 bookings-create, §5 'Booking create'). */
export function BookingsCreatePage() {
  const { t } = useBookingCreateTranslation();
  usePageTitle(t('title'));
  const toast = useToast();
  const tree = useProfile().data?.links;
  const selectedClientIds = useSelectedClientIds();
  const mayCreate = tree ? meetsRequirement(tree, PAGE_REQUIREMENTS.createBookings, { selectedClientIds }) : true;
  const locations = useBookingLocations();
  const preset = usePreset();
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
      {!mayCreate && (
        <Alert severity="info" variant="outlined" data-testid="create-not-allowed">
          {t('viewOnly')}
        </Alert>
      )}
      {mayCreate && locations.isPending && <LoadingState label={t('loading')} sx={{ py: 4 }} />}
      {mayCreate && locations.isError && <ErrorState message={t('failed.locations')} onRetry={() => void locations.refetch()} />}
      {mayCreate && locations.data && locations.data.length === 0 && (
        <Alert severity="info" variant="outlined">
          {t('noLocations')}
        </Alert>
      )}
      {mayCreate && locations.data && locations.data.length > 0 && <CreateBookingForm locations={locations.data} preset={preset} />}
    </Stack>
  );
}
