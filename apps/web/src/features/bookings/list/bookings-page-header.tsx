import AddIcon from '@mui/icons-material/Add';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useBookingsText } from './use-bookings-text';

/** The page's title and intro, with the way to the requests pending approval and to a new booking where allowed. */
export function BookingsPageHeader({ canSeePending, canCreate }: { canSeePending: boolean; canCreate: boolean }) {
  const { t } = useBookingsText();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-end', justifyContent: 'space-between' }}>
      <Box sx={{ maxWidth: 720 }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('intro')}</Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
        {canSeePending && (
          <Button
            component={RouterLink}
            to={paths.bookingsPendingApproval}
            variant="outlined"
            startIcon={<FactCheckOutlinedIcon />}
            sx={{ flex: { xs: 1, sm: 'none' } }}
          >
            {t('actions.pendingApproval')}
          </Button>
        )}
        {canCreate && (
          <Button
            component={RouterLink}
            to={paths.bookingsCreate}
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ flex: { xs: 1, sm: 'none' } }}
          >
            {t('actions.create')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
