import TuneIcon from '@mui/icons-material/Tune';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ExportCsvButton } from '../../../components/export-csv-button';
import { SkipLink } from '../../../components/skip-link';
import { formatCount } from '../../../lib/locale-format';
import { BookingsFilters } from './bookings-filters';
import type { BookingsList } from './use-bookings-list';
import { useBookingsText } from './use-bookings-text';

/**
 * The list's heading and count, Export CSV, and the filters: always shown on a desktop, behind a Show filters button
 * (with the number in use) on a phone.
 */
export function BookingsListHead({ list, phone }: { list: BookingsList; phone: boolean }) {
  const { t, locale } = useBookingsText();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { state, total } = list;
  const filters = (
    <BookingsFilters
      state={state}
      onChange={list.setState}
      onClear={list.clearFilters}
      locations={list.locations}
      educators={
        list.educators.length > 0 || !state.candidateId ? list.educators : [{ value: state.candidateId, label: `#${state.candidateId}` }]
      }
    />
  );
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 2.5, sm: 3 }, pb: 2, display: 'grid', gap: 2 }}>
      <SkipLink target="bookings-results">{t('list.skipToResults')}</SkipLink>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <div>
          <Typography variant="h2" id="bookings-list-heading" sx={{ fontSize: '1.125rem' }}>
            {t('list.heading')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite" data-testid="bookings-total">
            {list.data ? t('list.count', { count: total, total: formatCount(total, locale) }) : '\u00a0'}
          </Typography>
        </div>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {list.canList && (
            <ExportCsvButton path="bookings" query={{ ...list.query }} fallbackName="bookings.csv" disabled={total === 0} size="small" />
          )}
          {phone && (
            <Button
              variant="outlined"
              size="small"
              startIcon={
                <Badge badgeContent={list.filterCount} color="primary">
                  <TuneIcon />
                </Badge>
              }
              aria-expanded={filtersOpen}
              aria-controls="bookings-filters"
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {filtersOpen ? t('filters.hide') : t('filters.show')}
            </Button>
          )}
        </Box>
      </Box>
      {phone ? (
        // Mounted only while shown: a phone's first render of the list does without the hidden filters' fields.
        <Box id="bookings-filters">
          <Collapse in={filtersOpen} unmountOnExit>
            <Box sx={{ pt: 1 }}>{filters}</Box>
          </Collapse>
        </Box>
      ) : (
        filters
      )}
    </Box>
  );
}
