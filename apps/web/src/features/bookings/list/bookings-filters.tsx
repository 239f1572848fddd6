import { BOOKING_STATUSES, type BookingStatus } from '@portal/contract/domain';
import { BOOKING_SORTS } from '@portal/contract/bookings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DateFilterField } from '../../../components/locale-date-field';
import { MultiSelect } from '../../../components/multi-select';
import { withFilters, type BookingSort, type ListState } from './list-params';
import { useBookingsText } from './use-bookings-text';

export interface FilterOption {
  value: number;
  label: string;
}

/** Date range, statuses, location, educator and sort of the bookings list. */
export function BookingsFilters({
  state,
  onChange,
  onClear,
  locations,
  educators,
}: {
  state: ListState;
  onChange: (state: ListState) => void;
  onClear: () => void;
  locations: FilterOption[];
  educators: FilterOption[];
}) {
  const { t } = useBookingsText();
  const field = { size: 'small', fullWidth: true } as const;
  return (
    <Box
      role="group"
      aria-label={t('filters.heading')}
      sx={{
        display: 'grid',
        gap: 2,
        // Six fields in a row only where each has room for its text (a date's DD/MM/YYYY, the longest sort's name):
        // beside the navigation's column a 1280 px screen left them some 120 px each.
        gridTemplateColumns: {
          xs: '1fr 1fr',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(4, minmax(0, 1fr))',
          xl: 'repeat(5, minmax(0, 1fr)) minmax(0, 1.5fr) auto',
        },
        alignItems: 'center',
      }}
    >
      <DateFilterField
        {...field}
        label={t('filters.dateFrom')}
        value={state.dateFrom}
        onDate={(dateFrom) => onChange(withFilters(state, { dateFrom }))}
      />
      <DateFilterField
        {...field}
        label={t('filters.dateTo')}
        value={state.dateTo}
        min={state.dateFrom}
        onDate={(dateTo) => onChange(withFilters(state, { dateTo }))}
      />
      <MultiSelect<BookingStatus>
        label={t('filters.status')}
        options={BOOKING_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={state.statuses}
        onChange={(statuses) => onChange(withFilters(state, { statuses: statuses.length === BOOKING_STATUSES.length ? [] : statuses }))}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0, width: '100%' }}
      />
      <TextField
        {...field}
        select
        label={t('filters.location')}
        value={state.locationId ?? ''}
        onChange={(event) => onChange(withFilters(state, { locationId: event.target.value ? Number(event.target.value) : undefined }))}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
      >
        <MenuItem value="">{t('filters.allLocations')}</MenuItem>
        {locations.map((location) => (
          <MenuItem key={location.value} value={location.value}>
            {location.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label={t('filters.educator')}
        value={state.candidateId ?? ''}
        onChange={(event) => onChange(withFilters(state, { candidateId: event.target.value ? Number(event.target.value) : undefined }))}
      >
        <MenuItem value="">{t('filters.allEducators')}</MenuItem>
        {educators.map((educator) => (
          <MenuItem key={educator.value} value={educator.value}>
            {educator.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...field}
        select
        label={t('filters.sort')}
        value={state.sort}
        onChange={(event) => onChange(withFilters(state, { sort: event.target.value as BookingSort }))}
      >
        {BOOKING_SORTS.map((sort) => (
          <MenuItem key={sort} value={sort}>
            {t(`sort.${sort}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        onClick={onClear}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: { xs: 'stretch', md: 'start' }, whiteSpace: 'nowrap' }}
      >
        {t('filters.clear')}
      </Button>
    </Box>
  );
}
